/**
 * Demo landing templates: one per phone rule. Template 1 uses the spec's rule (11 digits, 1 then
 * 3-9), template 2 the Philippine one (09 and 9 digits), template 3 the Indian one (10 digits, 6-9).
 * Open them at promo.html#/downloadTemplate?templateId=1 (2, 3).
 */
import type { Queryable } from '../../platform/db/client.ts';
import { DEFAULT_MERCHANT } from '../../domain/borrowers/service.ts';
import { DEMO_TEMPLATE_TEXTS } from './seed-languages.ts';
import { insertTemplate, insertTemplateTexts, type NewTemplate } from './store.ts';

const BANNER = '/promo/banner-cash.svg';
const BANNER_ALT = 'A phone showing an approved cash loan, with coins beside it';
/** The demo has no store listing: a placeholder address a real campaign replaces with its app link. */
const DOWNLOAD_URL = 'https://pesonow.example/app';

/** The registration agreement of the demo landings (our own text). */
export const DEMO_AGREEMENT: NewTemplate['agreement'] = {
  title: 'Registration Agreement',
  sections: [
    {
      heading: 'About this agreement',
      paragraphs: [
        'This agreement is between you and PesoNow Lending Corporation ("we", "us"). It covers opening an account with your mobile number on this page. It does not commit you to borrow: every loan has its own agreement and Disclosure Statement, which you read and accept in the app before you receive any money.',
      ],
    },
    {
      heading: 'Your mobile number',
      paragraphs: [
        'Register only with a mobile number that is yours and that you can receive text messages on. We send a one-time code to that number; entering it proves that the number is yours.',
        'Never tell the code to anyone, including people who say they work for us. We will never call or message you to ask for it.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Your account is opened when the code is accepted. You then log in to the app with the same mobile number. You are responsible for what is done with your phone and your account, so keep your phone locked and tell us at once if you lose it.',
        'One person may hold one account. We may close an account opened with someone else’s number or with false information.',
      ],
    },
    {
      heading: 'Your information',
      paragraphs: [
        'To open the account we keep your mobile number, the time you registered, the device and the advertisement or invitation that brought you here. We use them to run your account, to keep it safe from fraud and to know which of our campaigns work. We never sell them.',
        'The app asks for more information only when you apply for a loan, and tells you then what it is for. Our privacy policy explains your rights, including how to see, correct or delete your information.',
      ],
    },
    {
      heading: 'Messages from us',
      paragraphs: [
        'We send you text messages about your account and your loans. We send offers only if you agree to them in the app, and you can stop them there at any time.',
      ],
    },
    {
      heading: 'Closing your account',
      paragraphs: [
        'You may close your account at any time when you owe us nothing, by writing to our customer service from the app. We keep the records the law requires us to keep, and delete the rest.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: ['Write to our customer service from the app or from our official site. We answer within 3 working days.'],
    },
  ],
};

export const DEMO_TEMPLATES: NewTemplate[] = [
  {
    id: 1,
    appName: 'PesoNow',
    title: 'Cash in minutes, right on your phone',
    subtitle: 'Sign up with your mobile number and apply in the app.',
    highlights: ['Decision within 1 day', 'Money credited in 1 to 3 days', 'No collateral needed'],
    bannerUrl: BANNER,
    bannerAlt: BANNER_ALT,
    buttonText: 'Register now',
    downloadUrl: DOWNLOAD_URL,
    colors: { primary: '#0f766e', background: '#f3f6f6', text: '#1f2937' },
    phoneRule: 'default',
    merchantNumber: DEFAULT_MERCHANT,
    agreement: DEMO_AGREEMENT,
  },
  {
    id: 2,
    appName: 'PesoNow',
    title: 'Borrow up to ₱20,000 today',
    subtitle: 'Register with your Philippine mobile number (09…) to get started.',
    highlights: ['Pay at 7-Eleven, GCash or your bank', 'Decision within 1 day', 'No collateral needed'],
    bannerUrl: BANNER,
    bannerAlt: BANNER_ALT,
    buttonText: 'Get my loan',
    downloadUrl: DOWNLOAD_URL,
    colors: { primary: '#1d4ed8', background: '#eff6ff', text: '#111827' },
    phoneRule: 'ph',
    merchantNumber: DEFAULT_MERCHANT,
    agreement: DEMO_AGREEMENT,
  },
  {
    id: 3,
    appName: 'PesoNow',
    title: 'Instant personal loans',
    subtitle: 'Register with your 10-digit Indian mobile number.',
    highlights: ['Fully online', 'Decision within 1 day'],
    bannerUrl: BANNER,
    bannerAlt: BANNER_ALT,
    buttonText: 'Register now',
    downloadUrl: DOWNLOAD_URL,
    colors: { primary: '#9a3412', background: '#fff7ed', text: '#1f2937' },
    phoneRule: 'in',
    merchantNumber: DEFAULT_MERCHANT,
    agreement: DEMO_AGREEMENT,
  },
];

export async function seedLandingTemplates(db: Queryable): Promise<void> {
  for (const template of DEMO_TEMPLATES) await insertTemplate(db, template);
  // The marketer's translations, for the same campaign links (docs/i18n.md, "The landing").
  for (const { templateId, lang, texts } of DEMO_TEMPLATE_TEXTS) await insertTemplateTexts(db, templateId, lang, texts);
}
