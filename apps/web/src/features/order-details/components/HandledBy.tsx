/**
 * "Handled by" under an overdue order (issue 38): the collections agency, the agent holding the order
 * (none while the desk handles it), the phone as a tel: link, and "I dispute this amount", a link to
 * complaint step two with the collection type and its dispute sub-type on this order.
 */
import type { CollectionContact } from '@cashloan/contract/order-details';
import { COLLECTION_PROBLEM_TYPE, DISPUTE_PROBLEM_SON_TYPE } from '@cashloan/contract/routes/values';
import { Link } from '../../../shared/router/router.tsx';
import { withCarriedParams } from '../../../shared/params/page-params.ts';
import { COMPLAINT_FORM_PATH } from '../../../shared/navigation/screen-paths.ts';
import styles from '../OrderDetailsPage.module.css';

export function HandledBy({ contact }: { contact: CollectionContact }) {
  const dispute = withCarriedParams(COMPLAINT_FORM_PATH, { problemType: COLLECTION_PROBLEM_TYPE, problemSonType: DISPUTE_PROBLEM_SON_TYPE, orderNo: contact.orderNo });
  return (
    <section className={styles.card} aria-labelledby="handled-by">
      <h2 id="handled-by" className={styles.sectionTitle}>
        Handled by
      </h2>
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt>Agency</dt>
          <dd>{contact.agency}</dd>
        </div>
        {contact.agentName && (
          <div className={styles.row}>
            <dt>Agent</dt>
            <dd>{contact.agentName}</dd>
          </div>
        )}
        <div className={`${styles.row} ${styles.telRow}`}>
          <dt>Phone</dt>
          <dd>
            <a className={styles.tel} href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
              {contact.phone}
            </a>
          </dd>
        </div>
      </dl>
      <Link to={dispute} className={styles.recordLink}>
        I dispute this amount
      </Link>
    </section>
  );
}
