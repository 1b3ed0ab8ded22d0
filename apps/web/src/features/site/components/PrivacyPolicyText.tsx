/** The privacy policy (spec section 2), naming the Philippine-registered lender and the grievance officer from configuration. */
import type { SiteConfig } from '@cashloan/contract/site';
import { mailtoHref, telHref } from '../../../shared/format/contact-links.ts';
import { withCarriedParams } from '../../../shared/params/page-params.ts';
import { MY_DATA_PATH } from '../../../shared/navigation/screen-paths.ts';
import { LongText, type TextSection } from './LongText.tsx';
import { ContactLink } from './ContactLink.tsx';
import { strongText } from './strong-text.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import styles from '../site.module.css';

/** The sections the spec lists, in its order (the anchors are 'privacy-' + key). */
export const PRIVACY_HEADINGS = {
  collection: 'Collection of Information',
  representation: 'Representation',
  technology: 'Use of Technology',
  disclosure: 'Disclosure',
  cookies: 'Cookies',
  device: 'Device Information',
  minors: 'Minors',
  password: 'Password Security',
  changes: 'Changes to this Policy',
  optOut: 'Opt-out',
  grievance: 'Grievance Officer',
} as const;

/** Ours (issue 39; docs/privacy.md), not in the spec's list: the borrower's rights and how to use them, after Opt-out. */
export const RIGHTS_HEADING = 'Your Data Rights';

/** What the policy reads from the site configuration. */
export type PrivacyPolicyConfig = Pick<SiteConfig, 'appEnName' | 'company' | 'grievanceOfficer' | 'privacy'>;

export function PrivacyPolicyText({ config }: { config: PrivacyPolicyConfig }) {
  const { company, grievanceOfficer: officer, appEnName: app } = config;
  const minorsAge = config.privacy.minorsAge;
  const h = PRIVACY_HEADINGS;

  const sections: TextSection[] = [
    {
      id: 'privacy-collection',
      title: h.collection,
      body: (
        <>
          <p>We collect only what we need to consider your application, run your loan and meet our legal duties:</p>
          <ul>
            <li>identity details: your full name, date of birth, sex, civil status, a government-issued ID and a photo of your face taken in the app;</li>
            <li>contact details: your mobile number, e-mail address and home address;</li>
            <li>work and income details: your employer or business, your income and how often you are paid;</li>
            <li>account details: the bank or e-wallet account where you receive your loan and from which you repay;</li>
            <li>loan details: your applications, loans, payments and our messages with you;</li>
            <li>the device information described below.</li>
          </ul>
          <p>
            Most of this you give us yourself. We also receive information from identity-verification services, from the Credit Information
            Corporation and other credit bureaus, and from the payment partners that handle your money.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-representation',
      title: h.representation,
      body: (
        <>
          <p>
            When you give us information, you confirm that it is true, complete and your own, and that you will tell us when it changes. False or
            borrowed information can lead us to decline an application or close an account.
          </p>
          <p>
            If you give us details of another person, such as an emergency contact, you confirm that they know you have done so and agree to be
            contacted by us to confirm your identity or to reach you.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-technology',
      title: h.technology,
      body: (
        <>
          <p>
            We use automated tools to check that you are who you say you are, to detect fraud and to assess whether a loan suits your situation. A
            member of our credit team reviews any decision you ask us to look at again.
          </p>
          <p>
            Your information travels between your phone and our systems encrypted, and is stored on servers with restricted access, monitored and
            backed up. Only staff who need it for their work can see it, and they are bound to keep it confidential.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-disclosure',
      title: h.disclosure,
      body: (
        <>
          <p>We share your information only as far as each purpose needs:</p>
          <ul>
            <li>with service providers that work for us under contract: payment, SMS, identity-verification and hosting providers;</li>
            <li>with the Credit Information Corporation and accredited credit bureaus, as the law requires;</li>
            <li>with a collection agency we engage if your loan is overdue, under the collection rules of our loan terms;</li>
            <li>with a creditor to whom we assign your loan, after giving you the notice our loan terms promise;</li>
            <li>with regulators, courts and law-enforcement agencies when the law obliges us to.</li>
          </ul>
          <p>
            We never sell your personal information, and we never use the contact list or the photos on your phone to collect a debt.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-cookies',
      title: h.cookies,
      body: (
        <p>
          Our web pages store a few small cookies and similar browser records on your device: to keep your session while you use the app, to
          remember the page you came from and to measure which pages are used, so that we can improve them. Some stay on your device until you delete
          them. You can delete them at any time in your browser settings; the app then asks you to sign in again.
        </p>
      ),
    },
    {
      id: 'privacy-device',
      title: h.device,
      body: (
        <>
          <p>
            With your permission, the app reads information about the device you use: its model and operating system, an identifier of the device,
            its network and IP address and, when you allow it, its approximate location. We use it to recognise your device when you sign in, to
            protect your account from someone else using it and to detect fraud.
          </p>
          <p>You can withdraw a permission at any time in your phone’s settings; some checks may then need to be done another way.</p>
        </>
      ),
    },
    {
      id: 'privacy-minors',
      title: h.minors,
      body: (
        <p>
          {t(
            '{app} is for adults only. We do not lend to anyone under {age} years of age and do not knowingly collect information about them. If we learn that someone under {age} has given us information, we delete it. A parent or guardian who believes this has happened can contact our grievance officer.',
            { app, age: minorsAge },
          )}
        </p>
      ),
    },
    {
      id: 'privacy-password',
      title: h.password,
      body: (
        <>
          <p>
            Keep your password, PIN and the one-time codes we send you to yourself. Our staff will never ask you for them, by telephone, SMS, e-mail
            or social media. If someone asks, do not answer, and tell us.
          </p>
          <p>If you think someone else knows your password or has used your account, change your password and contact us at once.</p>
        </>
      ),
    },
    {
      id: 'privacy-changes',
      title: h.changes,
      body: (
        <p>
          We may update this policy when our services or the law change. The current version is always on this page. Before an important change
          takes effect, we tell you in the app or by SMS or e-mail.
        </p>
      ),
    },
    {
      id: 'privacy-opt-out',
      title: h.optOut,
      body: (
        <>
          <p>
            You can stop our marketing messages at any time, by following the instructions in the message or by writing to us; it does not affect
            your loan. We still send the messages your loan needs, such as due-date reminders and payment confirmations.
          </p>
          <p>
            Under the Data Privacy Act of 2012 (Republic Act No. 10173) you may also ask to see the information we hold about you, correct it, object
            to a use of it, or have it deleted or blocked when we no longer need it. We keep information for as long as the law requires us to keep
            loan records, even after you close your account.
          </p>
          {/* Ours (issue 39): the rights above, on a screen of the app. target=_top: the official site shows this text in a frame. */}
          <p>
            {textWith(
              t(
                'In the app you can do this yourself on the {myData} screen: see and download the information we hold about you, choose what we may use it for, and ask us to correct or erase it.',
              ),
              { myData: <MyDataLink /> },
            )}
          </p>
        </>
      ),
    },
    {
      id: 'privacy-rights',
      title: RIGHTS_HEADING,
      body: <DataRights answerDays={config.privacy.requestAnswerDays} />,
    },
    {
      id: 'privacy-grievance',
      title: h.grievance,
      body: (
        <>
          <p>
            For any question, request or complaint about your personal information or about how we treated you, contact our grievance officer:
          </p>
          <ul>
            <li>{officer.name}</li>
            <li>{textWith(t('E-mail: {email}'), { email: <ContactLink value={officer.email} href={mailtoHref(officer.email)} /> })}</li>
            <li>{textWith(t('Telephone: {phone}'), { phone: <ContactLink value={officer.telephone} href={telHref(officer.telephone)} /> })}</li>
            <li>{t('Address: {address}', { address: company.address })}</li>
          </ul>
          <p>
            We will acknowledge your message and tell you what we did about it. If you are not satisfied, you may also complain to the National
            Privacy Commission.
          </p>
        </>
      ),
    },
  ];

  return (
    <div className={styles.prose}>
      <p>
        {t(
          'This policy explains how {lender}, a lending company registered in the Philippines (SEC Registration No. {sec}, Certificate of Authority No. {authority}) and the operator of {app}, collects, uses, shares and protects your personal information. In it, “we” and “us” mean {lender}.',
          { lender: company.corporateName, sec: company.secRegistrationNo, authority: company.certificateOfAuthorityNo, app },
        )}
      </p>
      <LongText sections={sections} level={2} contentsId="privacy-contents" />
    </div>
  );
}

/**
 * Ours (issue 39): each right the Philippine Data Privacy Act and India's DPDP Act give, what the
 * anti-money-laundering laws make us keep, and where to use them: the "My data" screen (a real link,
 * carrying the page parameters; target=_top, as this text is also shown in the official site's frame).
 */
function DataRights({ answerDays }: { answerDays: number }) {
  return (
    <>
      <p>
        The law that covers your loan gives you rights over your personal information: in the Philippines the Data Privacy Act of 2012 (Republic Act
        No. 10173), and in India the Digital Personal Data Protection Act, 2023. Whichever applies, we give you each of these rights:
      </p>
      <ul aria-label="Your rights">
        {RIGHT_TEXTS.map((right) => (
          <li key={right}>{strongText(t(right))}</li>
        ))}
      </ul>
      <p>
        {textWith(
          t(
            'To use these rights, open the {myData} screen in the app. There you turn each consent on or off, download your information, and send us a request to correct or erase it. Each request gets a reference number and the date by which we answer it, at most {days} days after you send it, and the screen shows where it stands. You can also write to our grievance officer, below.',
          ),
          { myData: <MyDataLink />, days: answerDays },
        )}
      </p>
    </>
  );
}

/** The My data screen, carrying the page parameters; target=_top, as this text is also shown in the official site's frame. */
function MyDataLink() {
  return (
    <a className={styles.inlineLink} href={withCarriedParams(MY_DATA_PATH)} target="_top">
      My data
    </a>
  );
}

/** Each right, its name in bold (strong-text.ts). */
const RIGHT_TEXTS = [
  '<b>to be informed</b> of what we collect, why, whom we share it with and how long we keep it. This policy says so, and the My data screen names each partner that receives your information, with what it receives and why;',
  '<b>to access</b> your information: see what we hold about you and download all of it, as a PDF to read or as a JSON file;',
  '<b>to correct</b> information that is wrong or out of date: tell us what is wrong and the right value, with a photo of a document that shows it if you have one;',
  '<b>to erase</b> your information: we erase or anonymise everything the law does not oblige us to keep, and tell you when it is done. The anti-money-laundering laws oblige us to keep your loan contracts, ledgers and payment records for 5 years after your account closes: in the Philippines Section 9(b) of the Anti-Money Laundering Act (Republic Act No. 9160, as amended), and in India Section 12 of the Prevention of Money-laundering Act, 2002 and the Prevention of Money-laundering (Maintenance of Records) Rules, 2005;',
  '<b>to object to a use and to withdraw your consent</b>, one purpose at a time: loan servicing, payment reminders by SMS, marketing offers and news, and sharing with a credit bureau. Withdrawing is as easy as agreeing and takes effect at once. Loan servicing is the one exception while you have a loan open, because we need it to run that loan; you can withdraw it once your loans are settled;',
  '<b>to data portability</b>: the JSON file holds your information in a structured form that a computer reads, for you to keep or to give to another service;',
  '<b>to complain to the regulator</b>: in the Philippines the National Privacy Commission; in India the Data Protection Board of India, once you have first brought your complaint to our grievance officer.',
];
