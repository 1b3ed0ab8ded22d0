/** #/borrowDetail (pay.html): the loan after a card repayment — its status, figures and where to go next. */
import { Link } from '../../../../shared/router/router.tsx';
import type { OrderDetails } from '@cashloan/contract/order-details';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { LoadFailure } from '../../../../shared/ui/LoadFailure.tsx';
import { withCarriedParams } from '../../../../shared/params/page-params.ts';
import { useBorrowDetail } from '../../api.ts';
import { appHref } from '../../navigation.ts';
import { CARD_REPAYMENT_PATH, ORDER_DETAILS_PATH } from '../../../../shared/navigation/screen-paths.ts';
import { isSafeImageSrc } from '../../safe-url.ts';
import { Loading } from '../../../../shared/ui/Loading.tsx';
import frame from '../../../../shared/ui/page-frame.module.css';
import styles from '../../repayment.module.css';

export const BORROW_DETAIL_TITLE = 'Borrow details';
/** Statuses with something left to repay. */
const REPAYING = new Set([170, 174, 180]);

export default function BorrowDetailPage() {
  usePageTitle(BORROW_DETAIL_TITLE);
  const { state, retry } = useBorrowDetail();
  return (
    <main className={frame.pageAboveFooter} style={{ paddingBottom: 24 }}>
      <h1 className={frame.title}>{BORROW_DETAIL_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your loan…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <Detail order={state.data} />}
    </main>
  );
}

function Detail({ order }: { order: OrderDetails }) {
  return (
    <>
      <section className={styles.hero} aria-labelledby="loan-status">
        <h2 id="loan-status" className={frame.title} style={{ margin: 0 }}>
          {order.noticeStatusText}
        </h2>
        {order.noticeDesText && <p className={styles.notice}>{order.noticeDesText}</p>}
      </section>
      <section className={styles.card} aria-labelledby="loan-product">
        <div className={styles.product}>
          {isSafeImageSrc(order.productLogo) && <img className={styles.logo} src={order.productLogo} alt="" aria-hidden="true" width={44} height={44} />}
          <h2 id="loan-product" className={styles.productName}>
            {order.productName}
          </h2>
        </div>
        <dl className={styles.rows}>
          {order.userOrderDetail.detail.map((row, index) => (
            <div key={`${index}-${row.text}`} className={styles.row}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {REPAYING.has(order.orderStatus) && (
        <Link to={withCarriedParams(CARD_REPAYMENT_PATH)} className={styles.textLink} style={{ marginTop: 12 }}>
          Repay by card
        </Link>
      )}
      <a href={appHref(ORDER_DETAILS_PATH)} className={styles.textLink}>
        Back to my order
      </a>
    </>
  );
}
