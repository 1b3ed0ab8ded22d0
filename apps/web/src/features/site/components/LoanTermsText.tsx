/**
 * The loan terms and conditions. Every figure comes from the server's loan-terms module (through the
 * site configuration), so the agreement always states what the server charges.
 */
import type { SiteConfig } from '@cashloan/contract/site';
import { formatMoney } from '../../../shared/format/money.ts';
import { countText, effectiveCapText, eligibilityText, listText, percentFromBp, prepaymentRuleText, rangeText, tiersText } from '../figures.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import { mailtoHref, telHref } from '../../../shared/format/contact-links.ts';
import { PRIVACY_POLICY_PATH } from '../../../shared/navigation/screen-paths.ts';
import { withCarriedParams } from '../../../shared/params/page-params.ts';
import { ContactLink } from './ContactLink.tsx';
import { LongText, type TextSection } from './LongText.tsx';
import styles from '../site.module.css';

/** The headings of the agreement, in order (the anchors are 'terms-' + key). */
export const LOAN_TERMS_HEADINGS = {
  agreement: 'Your agreement with us',
  eligibility: 'Who may borrow',
  decision: 'Application and decision',
  term: 'Loan amount and term',
  disbursement: 'Disbursement',
  charges: 'Interest, fees and the Disclosure Statement',
  repayment: 'Repayment',
  prepayment: 'Paying early',
  late: 'Late payment',
  collection: 'Collection',
  assignment: 'Assignment',
  changes: 'Changes to these terms',
  privacy: 'Your personal information',
  complaints: 'Questions and complaints',
  law: 'Governing law',
} as const;

export function LoanTermsText({ config, level }: { config: SiteConfig; level: 2 | 3 }) {
  const terms = config.loanTerms;
  const { company, grievanceOfficer: officer } = config;
  const lender = company.corporateName;
  const term = rangeText(terms.termDays, 'calendar day');
  const credit = rangeText(terms.creditDays, 'day');
  const decision = countText(terms.decisionDays, 'day');
  const first = formatMoney(terms.latePenalty.newBorrower);
  const repeat = formatMoney(terms.latePenalty.repeatBorrower);
  const eligibility = eligibilityText(terms.applicant);
  const prepaymentRule = prepaymentRuleText(terms.prepayment);
  const tiers = tiersText(terms.overdueInterestTiers);
  const changeNotice = countText(terms.changeNoticeDays, 'day');
  const assignmentNotice = countText(terms.assignmentNoticeBusinessDays, 'business day');
  const caps = terms.chargeCaps;
  const h = LOAN_TERMS_HEADINGS;

  const sections: TextSection[] = [
    {
      id: 'terms-agreement',
      title: h.agreement,
      body: (
        <>
          <p>
            {t(
              'These Loan Terms and Conditions apply to every loan that {lender} (SEC Registration No. {sec}, Certificate of Authority No. {authority}), the operator of {app} (“we”, “us”), grants to you (“you”, the borrower).',
              { lender, sec: company.secRegistrationNo, authority: company.certificateOfAuthorityNo, app: config.appEnName },
            )}
          </p>
          <p>
            Your loan agreement is made of three parts: these terms, the Disclosure Statement the app shows you before you confirm a loan, and our
            Privacy Policy. Where the Disclosure Statement of a particular loan gives an amount, a rate or a date, that figure applies to that loan.
            By confirming a loan in the app you accept all three parts.
          </p>
        </>
      ),
    },
    {
      id: 'terms-eligibility',
      title: h.eligibility,
      body: (
        <>
          <p>
            {t(
              'Our loans are open to {eligible} who have the legal capacity to enter into a contract. You must apply for yourself, in your own name, with a mobile number and a bank or e-wallet account that are yours.',
              { eligible: eligibility },
            )}
          </p>
          <p>
            {t(
              'We may ask you to prove who you are and where you live. We do not lend to anyone younger than {age}, and we close any application made in another person’s name.',
              { age: terms.applicant.minAge },
            )}
          </p>
        </>
      ),
    },
    {
      id: 'terms-decision',
      title: h.decision,
      body: (
        <>
          <p>
            {t(
              'Once your application is complete, we tell you our decision in the app within {decision}. If we need more information, we ask for it in the app, and the time for our decision starts again when we receive it.',
              { decision },
            )}
          </p>
          <p>
            Applying does not oblige you to borrow, and it does not oblige us to lend. If we cannot approve your application, we tell you so; you
            may apply again later.
          </p>
        </>
      ),
    },
    {
      id: 'terms-term',
      title: h.term,
      body: (
        <>
          <p>
            {t(
              'Every loan has a term of {term}, counted from the day the money is sent to you. The amount, the term, the number of instalments and each due date of your loan are those shown in the app and in your Disclosure Statement when you confirm.',
              { term },
            )}
          </p>
          <p>A longer term means more days of interest. Choose the shortest term that lets you repay comfortably.</p>
        </>
      ),
    },
    {
      id: 'terms-disbursement',
      title: h.disbursement,
      body: (
        <>
          <p>
            {t(
              'After you confirm the loan, we send the approved amount, less any fee the Disclosure Statement says is deducted in advance, to the account or e-wallet you named. The money is normally credited within {credit}; the exact time depends on your bank or e-wallet provider.',
              { credit },
            )}
          </p>
          <p>
            {t(
              'Please check your account details before you confirm. If the money does not arrive within {credit}, contact us and we will trace the transfer with you.',
              { credit },
            )}
          </p>
        </>
      ),
    },
    {
      id: 'terms-charges',
      title: h.charges,
      body: (
        <>
          <p>
            Before you confirm, the app shows your Disclosure Statement: the amount you will receive, the interest and every fee in pesos and as a
            rate, the total amount you will repay and each due date. These are the only charges of a loan repaid on time. We do not add a charge that
            the Disclosure Statement or the section on late payment below does not name.
          </p>
          <p>If something in your Disclosure Statement is unclear, do not confirm: ask us first.</p>
        </>
      ),
    },
    {
      id: 'terms-repayment',
      title: h.repayment,
      body: (
        <>
          <p>
            Pay each instalment in full on or before its due date, through one of the payment channels listed in the app (e-wallets, bills payment
            and over-the-counter partners). Use the reference or code the app gives you, so that your payment is matched to your loan.
          </p>
          <p>
            Your payment counts on the day we receive it. Keep the receipt or confirmation until the app shows the payment. A payment goes first
            to any late charges, then to your instalments in the order of their due dates.
          </p>
        </>
      ),
    },
    {
      id: 'terms-prepayment',
      title: h.prepayment,
      body: (
        <>
          <p>
            {t(
              'You may repay the whole outstanding balance before the due date {rule}. The app shows the amount to pay once early repayment is open for your loan.',
              { rule: prepaymentRule },
            )}
          </p>
          <p>
            {t('For example, {examples}.', {
              examples: listText(
                terms.prepayment.examples.map((ex) => t('a {days}-day loan may be repaid early from day {day}', { days: ex.termDays, day: ex.opensOnDay })),
              ),
            })}
          </p>
        </>
      ),
    },
    {
      id: 'terms-late',
      title: h.late,
      body: (
        <>
          <p>If an instalment is not paid in full by its due date, two charges apply to it:</p>
          <ul>
            <li>
              {t('a one-time late penalty of {first} if this is your first loan with us, or {repeat} if you have borrowed from us before;', { first, repeat })}
            </li>
            <li>{t('interest on the overdue amount for each day it stays unpaid, with each day charged at the rate of its own band: {tiers}.', { tiers })}</li>
          </ul>
          <p>
            {t(
              'For example, if {amount} stays overdue for {days}, the overdue interest comes to {interest}, on top of the one-time penalty. Late charges grow quickly: if you expect to miss a due date, contact us before it passes.',
              {
                amount: formatMoney(terms.overdueExample.overdueAmount),
                days: countText(terms.overdueExample.days, 'day'),
                interest: formatMoney(terms.overdueExample.interest),
              },
            )}
          </p>
          <p>
            {t(
              'The caps of SEC {circular} (as amended) apply to loans of {principal} or less for {days} or less: interest is at most {nominal} a month; the effective interest rate (interest and every fee) is at most {effective}; late charges (the penalty and overdue interest together) are at most {late} a month of the amount due, counted day by day; and everything the loan costs (interest, fees, late charges and rollover fees) is at most {total} of the amount borrowed, however long it runs. Once a cap is reached, we charge nothing more of that kind.',
              {
                circular: caps.circular,
                principal: formatMoney(caps.maxPrincipal),
                days: countText(caps.maxTermDays, 'day'),
                nominal: percentFromBp(caps.nominalMonthlyBp),
                effective: effectiveCapText(caps.effectiveMonthlyBp),
                late: percentFromBp(caps.lateMonthlyBp),
                total: percentFromBp(caps.totalCostBp),
              },
            )}
          </p>
          <p>We report the repayment history of your loan to the Credit Information Corporation, as the law requires of lenders.</p>
        </>
      ),
    },
    {
      id: 'terms-collection',
      title: h.collection,
      body: (
        <>
          <p>
            If a payment is late, we remind you by app notification, SMS, e-mail or telephone call, at reasonable hours. We may engage a collection
            agency; it acts in our name and under these same rules.
          </p>
          <p>
            Neither we nor any agency acting for us will threaten you, use insulting or obscene language, pretend to be a lawyer, a court or the
            police, contact the people in your phone’s contact list, or tell anyone other than you, your guarantor or co-maker (if any) about
            your debt.
          </p>
        </>
      ),
    },
    {
      id: 'terms-assignment',
      title: h.assignment,
      body: (
        <p>
          {t(
            'We may assign or sell our rights under your loan to another lawful creditor. We will notify you at least {days} before the assignment takes effect, and tell you whom to pay from then on and how. The assignment does not change what you owe or your rights under these terms. You may not assign your loan to someone else without our written consent.',
            { days: assignmentNotice },
          )}
        </p>
      ),
    },
    {
      id: 'terms-changes',
      title: h.changes,
      body: (
        <p>
          {t(
            'We may change these terms. We will notify you in the app, and by SMS or e-mail, at least {days} before a change takes effect. A change never raises the interest or fees of a loan that has already been disbursed. If you do not accept a change, you may repay your loan under the terms you agreed to.',
            { days: changeNotice },
          )}
        </p>
      ),
    },
    {
      id: 'terms-privacy',
      title: h.privacy,
      body: (
        <p>
          {textWith(t('How we collect, use, share and protect your personal information is explained in our {policy}.'), {
            policy: (
              <a className={styles.inlineLink} href={withCarriedParams(PRIVACY_POLICY_PATH)}>
                Privacy Policy
              </a>
            ),
          })}
        </p>
      ),
    },
    {
      id: 'terms-complaints',
      title: h.complaints,
      body: (
        <>
          <p>
            {textWith(t('Questions about your loan: write to {email} or call {phone}.'), {
              email: <ContactLink value={company.email} href={mailtoHref(company.email)} />,
              phone: <ContactLink value={company.telephone} href={telHref(company.telephone)} />,
            })}
          </p>
          <p>
            {textWith(
              t(
                'If you are not satisfied with our answer, our grievance officer, {officer}, reviews complaints: write to {email} or call {phone}. You may also bring your complaint to the Securities and Exchange Commission.',
              ),
              {
                officer: officer.name,
                email: <ContactLink value={officer.email} href={mailtoHref(officer.email)} />,
                phone: <ContactLink value={officer.telephone} href={telHref(officer.telephone)} />,
              },
            )}
          </p>
        </>
      ),
    },
    {
      id: 'terms-law',
      title: h.law,
      body: (
        <p>
          These terms are governed by the laws of the Republic of the Philippines, including the Lending Company Regulation Act of 2007 (Republic Act
          No. 9474), the Truth in Lending Act (Republic Act No. 3765) and the Financial Products and Services Consumer Protection Act (Republic Act
          No. 11765).
        </p>
      ),
    },
  ];

  return (
    <div className={styles.prose}>
      <p className={styles.lede}>
        Please read these terms in full before you borrow. The key figures are summarised first; each is explained in its section below.
      </p>
      <div className={styles.card}>
        <dl className={styles.figures} aria-label="Key figures">
          <dt>Loan term</dt>
          <dd>{term}</dd>
          <dt>Decision</dt>
          <dd>{t('within {decision} of a complete application', { decision })}</dd>
          <dt>Money credited</dt>
          <dd>{t('within {credit} after you confirm', { credit })}</dd>
          <dt>One-time late penalty</dt>
          <dd>{t('{first} on a first loan; {repeat} for repeat borrowers', { first, repeat })}</dd>
          <dt>Overdue interest</dt>
          <dd>{t('{tiers}, on the overdue amount', { tiers })}</dd>
          <dt>Paying early</dt>
          <dd>{prepaymentRule}</dd>
          <dt>Notice of changes</dt>
          <dd>{t('{days} before they take effect', { days: changeNotice })}</dd>
          <dt>Notice of assignment</dt>
          <dd>{t('{days} before it takes effect', { days: assignmentNotice })}</dd>
          <dt>Who may apply</dt>
          <dd>{eligibility}</dd>
        </dl>
      </div>
      <LongText sections={sections} level={level} contentsId="terms-contents" />
    </div>
  );
}
