/** The Home tab of the official site: what the lender offers, how borrowing works and who may apply. */
import type { SiteConfig } from '@cashloan/contract/site';
import { countText, eligibilityText, rangeText } from '../figures.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import { appLinkHref, telHref } from '../../../shared/format/contact-links.ts';
import { ContactLink } from './ContactLink.tsx';
import styles from '../site.module.css';

export function HomePanel({ config, onReadTerms }: { config: SiteConfig; onReadTerms: () => void }) {
  const { loanTerms: terms, appEnName: app } = config;
  const appLink = appLinkHref(config.schemeUrl);
  const call = telHref(config.servicePhone);
  return (
    <div className={styles.prose}>
      <h2 className={styles.panelTitle}>Cash loans with every cost shown before you borrow</h2>
      <p className={styles.lede}>
        {t(
          '{app} lends to working Filipinos through a simple app: apply in minutes, see the full cost in your Disclosure Statement, and decide only when you are sure.',
          { app },
        )}
      </p>
      <div className={styles.actions}>
        {appLink && (
          <a className={styles.button} href={appLink}>
            {t('Open the {app} app', { app })}
          </a>
        )}
        <button type="button" className={styles.buttonOutline} onClick={onReadTerms}>
          Read the loan terms
        </button>
      </div>

      <ul className={styles.highlights} aria-label="At a glance">
        <li>{textWith(t('{days} loan terms'), { days: <strong>{rangeText(terms.termDays, 'day')}</strong> })}</li>
        <li>{textWith(t('{days} to a decision on a complete application'), { days: <strong>{countText(terms.decisionDays, 'day')}</strong> })}</li>
        <li>{textWith(t('{days} for the money to reach your account'), { days: <strong>{rangeText(terms.creditDays, 'day')}</strong> })}</li>
      </ul>

      <h3>How it works</h3>
      <ol>
        <li>{t('Download the {app} app and apply with a valid government ID.', { app })}</li>
        <li>Read your Disclosure Statement: the amount you receive, every charge, the total to repay and the due dates.</li>
        <li>Confirm, and receive the money in your bank account or e-wallet.</li>
        <li>Repay on or before each due date through an e-wallet, bills payment or an over-the-counter partner.</li>
      </ol>

      <h3>Who can apply</h3>
      <p>
        {t('{eligible}, with a mobile number, a valid government ID and a bank or e-wallet account in their own name.', {
          eligible: eligibilityText(terms.applicant),
        })}
      </p>

      <h3>Need help?</h3>
      <p>
        {textWith(t('Call our customer service at {phone} or write to us from the app.'), {
          phone: <ContactLink value={config.servicePhone} href={call} />,
        })}
      </p>
    </div>
  );
}
