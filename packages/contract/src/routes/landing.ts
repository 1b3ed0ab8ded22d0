/**
 * The promotion landing's values and rules that are not routes (the phone rules, the landing pages,
 * the default template), zod-free: the landing's pages import them at run time, and the schema file
 * promotion.ts uses them without importing a route file. Apart from routes/values.ts, which every
 * page carries, so that only the landing's pages carry them.
 */
import { PHONE_LENGTH } from './values.ts';

/**
 * The landing a promotion link opens when it names no templateId (spec: the routes take query
 * parameters, but a bare #/downloadTemplate must still work). The demo seed creates it with the
 * spec's phone rule; an operator keeps a template with this id.
 */
export const DEFAULT_LANDING_TEMPLATE_ID = '1';

/**
 * The mobile-number rules of the registration landing, in the one place both sides read them. A
 * landing template names its market's rule (`phoneRule`); 'default' is the spec's rule (section 5:
 * 11 digits, 1 then 3-9), 'ph' and 'in' are the Philippine and Indian numbers real campaigns use.
 */
export const PHONE_RULES = {
  default: { pattern: '^1[3-9][0-9]{9}$', maxLength: PHONE_LENGTH, example: '13912345678', hint: '11 digits, starting with 1' },
  /** Philippine mobile numbers as written at home: 09 then 9 digits. */
  ph: { pattern: '^09[0-9]{9}$', maxLength: 11, example: '09171234567', hint: '11 digits, starting with 09' },
  /** Indian mobile numbers: 10 digits, the first 6 to 9. */
  in: { pattern: '^[6-9][0-9]{9}$', maxLength: 10, example: '9876543210', hint: '10 digits, starting with 6, 7, 8 or 9' },
} as const;
export type PhoneRuleName = keyof typeof PHONE_RULES;
export const PHONE_RULE_NAMES = Object.keys(PHONE_RULES) as PhoneRuleName[];
/** Whether a mobile number (digits only) is correct under a market's rule. */
export function phoneMatchesRule(phone: string, rule: PhoneRuleName): boolean {
  return new RegExp(PHONE_RULES[rule].pattern).test(phone);
}
/** The landing pages track-visit and track-click count (the promotion routes without their slash). */
export const LANDING_PAGES = ['downloadTemplate', 'agreementTemplate'] as const;
export type LandingPage = (typeof LANDING_PAGES)[number];
