/** The Home tab of the official site: what the lender offers, how borrowing works and who may apply. */
import type { SiteConfig } from '@cashloan/contract/site';
import { countText, rangeText } from '../figures.ts';
import { appLinkHref, telHref } from '../../../shared/format/contact-links.ts';
import styles from '../site.module.css';

export function HomePanel({ config, onReadTerms }: { config: SiteConfig; onReadTerms: () => void }) {
  const { loanTerms: t, appEnName } = config;
  const appLink = appLinkHref(config.schemeUrl);
  const call = telHref(config.servicePhone);
  return (
    <div className={styles.prose}>
      <h2 className={styles.panelTitle}>Cash loans with every cost shown before you borrow</h2>
      <p className={styles.lede}>
        {appEnName} lends to working Filipinos through a simple app: apply in minutes, see the full cost in your Disclosure Statement, and decide
        only when you are sure.
      </p>
      <div className={styles.actions}>
        {appLink && (
          <a className={styles.button} href={appLink}>
            Open the {appEnName} app
          </a>
        )}
        <button type="button" className={styles.buttonOutline} onClick={onReadTerms}>
          Read the loan terms
        </button>
      </div>

      <ul className={styles.highlights} aria-label="At a glance">
        <li>
          <strong>{rangeText(t.termDays, 'day')}</strong>
          loan terms
        </li>
        <li>
          <strong>{countText(t.decisionDays, 'day')}</strong>
          to a decision on a complete application
        </li>
        <li>
          <strong>{rangeText(t.creditDays, 'day')}</strong>
          for the money to reach your account
        </li>
      </ul>

      <h3>How it works</h3>
      <ol>
        <li>Download the {appEnName} app and apply with a valid government ID.</li>
        <li>Read your Disclosure Statement: the amount you receive, every charge, the total to repay and the due dates.</li>
        <li>Confirm, and receive the money in your bank account or e-wallet.</li>
        <li>Repay on or before each due date through an e-wallet, bills payment or an over-the-counter partner.</li>
      </ol>

      <h3>Who can apply</h3>
      <p>
        {t.applicant.nationality} citizens aged {t.applicant.minAge} or over, with a mobile number, a valid government ID and a bank or e-wallet
        account in their own name.
      </p>

      <h3>Need help?</h3>
      <p>
        Call our customer service at{' '}
        {call ? (
          <a className={styles.inlineLink} href={call}>
            {config.servicePhone}
          </a>
        ) : (
          config.servicePhone
        )}{' '}
        or write to us from the app.
      </p>
    </div>
  );
}
