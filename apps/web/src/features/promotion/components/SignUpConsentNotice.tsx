/**
 * What registering agrees to (issue 39; docs/privacy.md): the words of each purpose every sign-up
 * grants (SIGN_UP_CONSENT_PURPOSES: loan servicing and payment reminders), with the version the
 * consent ledger records them by: the contract's CONSENT_TEXTS, the very words the server records.
 * Plain text before Register, no box: registering is the agreement. Marketing is not here; it has its
 * own unticked box.
 */
import { CONSENT_TEXTS, SIGN_UP_CONSENT_PURPOSES } from '@cashloan/contract/routes/my-data-consent-values';
import { t } from '../../../shared/i18n/texts.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import styles from '../promotion.module.css';

export const SIGN_UP_NOTICE_LEAD = 'By registering you agree that we use your details for:';
export const SIGN_UP_NOTICE_WITHDRAW = 'Later, on the My data screen of the app, you can withdraw payment reminders at any time, and loan servicing once your loans are settled.';

export function SignUpConsentNotice({ id }: { id: string }) {
  return (
    <div id={id} className={styles.consentNotice}>
      <p>{SIGN_UP_NOTICE_LEAD}</p>
      <ul aria-label="What you agree to by registering">
        {SIGN_UP_CONSENT_PURPOSES.map((purpose) => {
          const { title, text, version } = CONSENT_TEXTS[purpose];
          return (
            <li key={purpose}>
              {/* In the page's language, the words the ledger records for this sign-up (docs/i18n.md, "My data"). */}
              {textWith(t('{title} (version {version}): {text}'), { title: <strong>{title}</strong>, version, text: t(text) })}
            </li>
          );
        })}
      </ul>
      <p>{SIGN_UP_NOTICE_WITHDRAW}</p>
    </div>
  );
}
