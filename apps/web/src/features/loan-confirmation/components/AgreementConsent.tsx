/**
 * The agreement row: a checkbox (ticked by default) and a link per agreement title, each opening the
 * agreement page. V3 reads "I have read and agree to" followed by the links; the second variant lists
 * the links first and asks "I have read and agreed to the above". Hidden by the page when there are
 * no agreements.
 */
import type { AgreementItem } from '@cashloan/contract/loan-confirmation';
import type { AgreementFailure } from '../use-confirm-flow.ts';
import { AGREED_ABOVE_LABEL, AGREE_TO_LABEL } from '../confirm-rules.ts';
import styles from '../loan-confirmation.module.css';
import { t } from '../../../shared/i18n/texts.ts';

interface Props {
  layout: 'v3' | 'second';
  agreements: AgreementItem[];
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  onOpen: (item: AgreementItem) => void;
  /** The position of the agreement being opened, if one is. */
  opening: number | null;
  failure: AgreementFailure | null;
}

const linkId = (item: AgreementItem) => `agreement-link-${item.position}`;

export function AgreementConsent({ layout, agreements, agreed, onAgreedChange, onOpen, opening, failure }: Props) {
  const links = (
    <ul className={styles.agreementLinks} aria-label="Agreements">
      {agreements.map((item) => (
        <li key={item.position}>
          <button type="button" id={linkId(item)} className={styles.link} onClick={() => onOpen(item)} disabled={opening !== null} aria-busy={opening === item.position}>
            {item.title}
          </button>
        </li>
      ))}
    </ul>
  );
  const box = (
    <label className={styles.checkRow}>
      <input
        type="checkbox"
        className={styles.checkbox}
        checked={agreed}
        onChange={(event) => onAgreedChange(event.target.checked)}
        // V3 reads "I have read and agree to" + the titles: the box is described by the titles
        // themselves (the list's own name, 'Agreements', would be read instead of them).
        aria-describedby={layout === 'v3' ? agreements.map(linkId).join(' ') : undefined}
      />
      <span>{layout === 'v3' ? AGREE_TO_LABEL : AGREED_ABOVE_LABEL}</span>
    </label>
  );
  return (
    <section className={styles.consent} aria-label="Agreements to accept">
      {layout === 'v3' ? (
        <>
          {box}
          {links}
        </>
      ) : (
        <>
          {links}
          {box}
        </>
      )}
      {failure && (
        <div className={styles.alert} role="alert">
          <p>
            {t('Could not open {title}: {reason}', { title: failure.item.title, reason: failure.message })}
          </p>
          <button type="button" className={styles.retry} onClick={() => onOpen(failure.item)}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
