/**
 * The sign-up's marketing consent (issue 39): a box of its own, unticked by default and never needed
 * to register; register sends its state as marketingConsent, which the consent ledger records with
 * the marketing purpose's text. That text is shown under the box word for word: the contract's
 * CONSENT_TEXTS.marketing, from its zod-free values file, the same words the server records.
 */
import { useId } from 'react';
import { CONSENT_TEXTS } from '@cashloan/contract/routes/my-data-consent-values';
import styles from '../promotion.module.css';

export const MARKETING_CONSENT_LABEL = 'Send me offers and news by SMS';
export const MARKETING_CONSENT_TEXT = CONSENT_TEXTS.marketing.text;

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
