/** The sign-up form's rules (spec section 5) and its messages, in one place the page and its tests share. */
import { PHONE_RULES, phoneMatchesRule, type PhoneRuleName } from '@cashloan/contract/routes/landing';
import { CAPTCHA_MAX_LENGTH, SMS_CODE_MAX_LENGTH } from '@cashloan/contract/routes/values';
import { t } from '../../shared/i18n/texts.ts';

export const FORM_MESSAGES = {
  phoneFirst: 'Please enter your mobile number first',
  phone: 'Please enter a correct mobile number',
  captcha: 'Please enter the correct image code',
  smsCode: 'Please enter the correct SMS code',
  codeSent: 'Code sent. Please check your text messages.',
  doNotResend: (seconds: number) => t('The code has been sent. Please do not resend it: you can ask again in {n} s.', { n: seconds }),
  captchaFailed: 'Could not load the image code.',
} as const;

export type FieldName = 'phone' | 'capcode' | 'smsCode';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Keeps digits only, cut to `max` (pasted "0917-123 4567" becomes 09171234567). */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
/** The image code as typed, without spaces, cut to the captcha length (answers are not case-sensitive). */
export const captchaText = (value: string) => value.replace(/\s/g, '').slice(0, CAPTCHA_MAX_LENGTH);
export const smsCodeText = (value: string) => digitsOnly(value, SMS_CODE_MAX_LENGTH);

export function phoneError(phone: string, rule: PhoneRuleName): string | undefined {
  return phoneMatchesRule(phone, rule) ? undefined : FORM_MESSAGES.phone;
}

/** Refreshing the image needs a phone number, and a correct one. */
export function refreshError(phone: string, rule: PhoneRuleName): string | undefined {
  return phone === '' ? FORM_MESSAGES.phoneFirst : phoneError(phone, rule);
}

/** What asking for an SMS code needs: a correct phone and the image code. */
export function smsRequestErrors(v: { phone: string; capcode: string }, rule: PhoneRuleName): FieldErrors {
  const errors: FieldErrors = {};
  const phone = phoneError(v.phone, rule);
  if (phone) errors.phone = phone;
  if (v.capcode.length === 0) errors.capcode = FORM_MESSAGES.captcha;
  return errors;
}

/** What registering needs: a correct phone, the image code and the SMS code. */
export function registerErrors(v: { phone: string; capcode: string; smsCode: string }, rule: PhoneRuleName): FieldErrors {
  const errors = smsRequestErrors(v, rule);
  if (!/^\d+$/.test(v.smsCode)) errors.smsCode = FORM_MESSAGES.smsCode;
  return errors;
}

export const FIELD_ORDER: FieldName[] = ['phone', 'capcode', 'smsCode'];
export const firstError = (errors: FieldErrors): FieldName | undefined => FIELD_ORDER.find((f) => errors[f]);

export const phoneRuleOf = (rule: PhoneRuleName) => PHONE_RULES[rule];
