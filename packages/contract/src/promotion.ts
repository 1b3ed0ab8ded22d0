/**
 * The promotional sign-up landing (promo.html; spec section 7: /api/v2/youmi/*). Public calls: no
 * session. Success code 0; failures 11 (already registered), 101 (get-sms) and -1 (register) for a wrong captcha.
 */
import { z } from 'zod';
import { emptyAnswer, flagField, idField, optionalIdField, optionalTextField, tokenField } from './schema.ts';
import { LANDING_PAGES, PHONE_RULE_NAMES, phoneMatchesRule, type PhoneRuleName } from './routes/landing.ts';
import { CAPTCHA_MAX_LENGTH, SMS_CODE_MAX_LENGTH } from './routes/values.ts';

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .describe('#rrggbb');

/** The phone rule names as a zod enum (PHONE_RULES in routes.ts is the one source). */
export const phoneRuleName = z.enum(PHONE_RULE_NAMES as [PhoneRuleName, ...PhoneRuleName[]]);

/**
 * The landing template. The spec shows only `id`; the other fields are the set the landing needs
 * (chosen here): brand and copy, banner, colours, the market's phone rule, the app download link
 * and the agreement #/agreementTemplate shows.
 */
export const landingTemplate = z.object({
  id: z.number().int().positive(),
  /** Brand name shown on the landing and sent back as appName. */
  appName: z.string().describe('brand name, sent back as appName'),
  title: z.string().describe('headline (chosen here)'),
  subtitle: z.string().describe('one line under the headline (chosen here)'),
  highlights: z.array(z.string()).max(4).describe('up to 4 short selling points (chosen here)'),
  bannerUrl: z.string().describe('top image (chosen here)'),
  bannerAlt: z.string().describe("the banner's text alternative (chosen here)"),
  buttonText: z.string().describe('register button label (chosen here)'),
  /** Where the download step sends the borrower to install the app. */
  downloadUrl: z.string().describe('app download link of the download step (chosen here)'),
  colors: z
    .object({ primary: colour, background: colour, text: colour })
    .describe('button and accent colour, page background, text colour (chosen here)'),
  phoneRule: phoneRuleName.describe("the market's mobile-number rule (PHONE_RULES; chosen here)"),
  agreement: z
    .object({
      title: z.string(),
      sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
    })
    .describe('the agreement #/agreementTemplate shows (chosen here)'),
});
export type LandingTemplate = z.infer<typeof landingTemplate>;

export const channelTemplate = {
  payload: z.object({ templateId: idField('templateId') }),
  answer: landingTemplate,
};

/** track-visit and track-click: which landing page, the channel the visitor came from, and (chosen here) the template. */
export const trackPage = {
  payload: z.object({
    page: z.enum(LANDING_PAGES, { error: `page must be one of ${LANDING_PAGES.join(', ')}` }),
    source: optionalTextField('source', 64),
    templateId: optionalIdField('templateId'),
  }),
  answer: emptyAnswer,
};

export const getSid = {
  /** The spec sends nothing; the landing adds its templateId (chosen here) so the sid carries the market's phone rule. */
  payload: z.object({ templateId: optionalIdField('templateId') }),
  answer: z.object({ sid: z.string().describe('captcha session id for get-captcha, get-sms and register') }),
};

/** Answers the image (image/png) itself, not an envelope; timestamp only defeats caching. */
export const getCaptcha = {
  payload: z.object({ sid: tokenField('sid'), timestamp: optionalTextField('timestamp', 20) }),
  answer: z.instanceof(Uint8Array).describe('PNG image bytes (not an envelope)'),
};

const captchaField = z
  .string({ error: 'capcode is required' })
  .trim()
  .min(1, { error: 'capcode is required' })
  .max(CAPTCHA_MAX_LENGTH, { error: `capcode must be at most ${CAPTCHA_MAX_LENGTH} characters` });

export const PHONE_FIELD_MESSAGE = 'phone must be a correct mobile number';
/**
 * A mobile number correct under one of the market rules; the service then holds it to the rule of
 * the landing the sid was made for.
 */
const landingPhoneField = z
  .string({ error: 'phone is required' })
  .trim()
  .refine((phone) => PHONE_RULE_NAMES.some((rule) => phoneMatchesRule(phone, rule)), { error: PHONE_FIELD_MESSAGE })
  .describe('digits; the landing template’s phoneRule (spec default: 11 digits, 1 then 3-9)');

/** Where the visitor came from, as the landing's query carried it. */
const attribution = {
  /** Attribution only: recorded with a registration, never written into the SMS (its brand is the landing's). */
  appName: optionalTextField('appName', 64).describe('attribution only: recorded at registration, never put into the SMS'),
  app_from: optionalTextField('app_from', 64),
  user_from: optionalTextField('user_from', 64),
  utm_tag: optionalTextField('utm_tag', 128),
  deviceId: optionalTextField('deviceId', 128),
};

export const getSms = {
  payload: z.object({ phone: landingPhoneField, capcode: captchaField, sid: tokenField('sid'), ...attribution }),
  /** Not shown in the spec: success is the code alone. */
  answer: emptyAnswer,
};
export type SmsRequest = z.input<typeof getSms.payload>;

export const register = {
  payload: z.object({
    phone: landingPhoneField,
    capcode: captchaField,
    sid: tokenField('sid'),
    smsCode: z
      .string({ error: 'smsCode is required' })
      .trim()
      .regex(new RegExp(`^\\d{1,${SMS_CODE_MAX_LENGTH}}$`), { error: `smsCode must be at most ${SMS_CODE_MAX_LENGTH} digits` }),
    merchantNumber: optionalTextField('merchantNumber', 32),
    userName: optionalTextField('userName', 100),
    invite_code: optionalTextField('invite_code', 32),
    /** The landing template id. */
    id: optionalIdField('id'),
    /**
     * Chosen here (issue 39): the visitor ticked "Send me offers and news by SMS" (unticked by
     * default), recorded in the consent ledger as the marketing purpose; absent is '0'.
     */
    marketingConsent: flagField('marketingConsent').optional().describe('the unticked box "Send me offers and news by SMS" (chosen here, issue 39); absent is 0'),
    ...attribution,
  }),
  /** Not shown in the spec: we answer the new borrower's userId. */
  answer: z.object({ userId: z.string().describe('the new borrower (spec: not shown)') }),
};
export type RegisterPayload = z.input<typeof register.payload>;
