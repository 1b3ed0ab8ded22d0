/**
 * About us (spec section 2): mission, advantages, team and the support e-mail. The e-mail comes
 * from contact-kf-info when the page has a borrower session; without one (the public site), or if
 * that call fails, it is the site configuration's support e-mail, which is the same setting.
 */
import type { SiteConfig } from '@cashloan/contract/site';
import { useBorrowerSupportEmail } from '../api.ts';
import { countText, rangeText, shareText } from '../figures.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import { mailtoHref } from '../../../shared/format/contact-links.ts';
import { ContactLink } from './ContactLink.tsx';
import styles from '../site.module.css';

export const ABOUT_HEADINGS = { mission: 'Our mission', advantages: 'Why borrowers choose us', team: 'Our team', contact: 'Contact us' } as const;

export function AboutContent({ config, level }: { config: SiteConfig; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { company, loanTerms: terms, appEnName: app } = config;
  const borrowerEmail = useBorrowerSupportEmail();
  const email = borrowerEmail.status === 'ready' && borrowerEmail.email.trim() !== '' ? borrowerEmail.email : config.serviceEmail;
  const h = ABOUT_HEADINGS;
  return (
    <div className={styles.prose}>
      <Heading>{h.mission}</Heading>
      <p>
        {t(
          '{app} exists to help people in the Philippines handle life’s short-term money needs, such as a hospital bill, school fees or a repair that cannot wait, with a loan they understand completely before they accept it. We want borrowing to be quick, fair and free of surprises.',
          { app },
        )}
      </p>

      <Heading>{h.advantages}</Heading>
      <ul>
        <li>
          <strong>Fast answers.</strong>{' '}
          {t('A decision within {decision} of a complete application, and the money in your account within {credit}.', {
            decision: countText(terms.decisionDays, 'day'),
            credit: rangeText(terms.creditDays, 'day'),
          })}
        </li>
        <li>
          <strong>Every cost up front.</strong> Your Disclosure Statement shows every charge, the total to repay and each due date before you
          confirm.
        </li>
        <li>
          <strong>Terms that fit.</strong>{' '}
          {t('Loan terms from {term}, with early repayment allowed once {share} of the term has passed.', {
            term: rangeText(terms.termDays, 'calendar day'),
            share: shareText(terms.prepayment.termShare),
          })}
        </li>
        <li>
          <strong>Everything in the app.</strong> Apply, follow your loan and repay from your phone, through e-wallets, bills payment or
          over-the-counter partners.
        </li>
        <li>
          <strong>Licensed and accountable.</strong>{' '}
          {t(
            '{lender} is registered with the Securities and Exchange Commission (SEC Registration No. {sec}) and holds Certificate of Authority No. {authority} to operate as a lending company.',
            { lender: company.corporateName, sec: company.secRegistrationNo, authority: company.certificateOfAuthorityNo },
          )}
        </li>
      </ul>

      <Heading>{h.team}</Heading>
      <p>
        Our team brings together credit specialists, software engineers and customer-care staff based in Metro Manila. The people who answer your
        messages work side by side with the people who build the app, so what borrowers tell us changes what we build. We train every member of the
        team, and every agency that works for us, in fair and respectful collection.
      </p>

      <Heading>{h.contact}</Heading>
      {borrowerEmail.status === 'loading' ? (
        <p role="status">Loading the support e-mail…</p>
      ) : (
        <p>
          {textWith(t('Questions about your loan or the app? Write to our support team at {email}.'), {
            email: (
              <strong>
                <ContactLink value={email} href={mailtoHref(email)} />
              </strong>
            ),
          })}
        </p>
      )}
    </div>
  );
}
