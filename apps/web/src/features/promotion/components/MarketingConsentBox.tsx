/**
 * The sign-up's marketing consent (issue 39): a box of its own, unticked by default and never needed
 * to register; register sends its state as marketingConsent, which the consent ledger records with
 * the marketing purpose's text. That text is shown under the box word for word: it is the contract's
 * CONSENT_TEXTS.marketing (version v1), copied because the web imports no schema file at run time.
 */
import { useId } from 'react';
import styles from '../promotion.module.css';

export const MARKETING_CONSENT_LABEL = 'Send me offers and news by SMS';
export const MARKETING_CONSENT_TEXT =
  'We send you offers of new loans and news about our service by SMS. We never share your details with other companies for their marketing.';

export function MarketingConsentBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const textId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.checkRow}>
        <input type="checkbox" className={styles.checkbox} checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={textId} />
        <span>{MARKETING_CONSENT_LABEL}</span>
      </label>
      <p id={textId} className={styles.hint}>
        {MARKETING_CONSENT_TEXT}
      </p>
    </div>
  );
}
