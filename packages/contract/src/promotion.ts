/**
 * The promotional sign-up landing (promo.html; spec section 7: /api/v2/youmi/*). Public calls: no
 * session. Success code 0; failures 11 (already registered), 101 (get-sms) and -1 (register) for a wrong captcha.
 */
import { z } from 'zod';
import { defineCall, emptyAnswer, emptyPayload, idField, optionalTextField, phoneField, tokenField } from './schema.ts';
import {
  CAPTCHA_MAX_LENGTH,
  SMS_CODE_MAX_LENGTH,
  channelTemplateRoute,
  getCaptchaRoute,
  getSidRoute,
  getSmsRoute,
  registerRoute,
  trackClickRoute,
  trackVisitRoute,
} from './routes.ts';

/** The landing template. The spec shows only `id`; the other fields are the small set the landing needs. */
export const landingTemplate = z.object({
  id: z.number().int().positive(),
  /** Brand name shown on the landing and sent back as appName. */
  appName: z.string().describe('brand name, sent back as appName'),
  title: z.string().describe('headline (chosen here)'),
  bannerUrl: z.string().describe('top image (chosen here)'),
  buttonText: z.string().describe('register button label (chosen here)'),
  /** Where #/downloadTemplate sends the borrower to install the app. */
  downloadUrl: z.string().describe('app download link for #/downloadTemplate (chosen here)'),
});
export type LandingTemplate = z.infer<typeof landingTemplate>;

export const channelTemplate = {
  payload: z.object({ templateId: idField('templateId') }),
  answer: landingTemplate,
};

/** track-visit and track-click: which landing page, and the channel the visitor came from. */
export const trackPage = {
  payload: z.object({ page: tokenField('page', 64), source: optionalTextField('source', 64) }),
  answer: emptyAnswer,
};

export const getSid = {
  payload: emptyPayload,
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

/** Where the visitor came from, as the landing's query carried it. */
const attribution = {
  appName: optionalTextField('appName', 64),
  app_from: optionalTextField('app_from', 64),
  user_from: optionalTextField('user_from', 64),
  utm_tag: optionalTextField('utm_tag', 128),
  deviceId: optionalTextField('deviceId', 128),
};

export const getSms = {
  payload: z.object({ phone: phoneField('phone'), capcode: captchaField, sid: tokenField('sid'), ...attribution }),
  /** Not shown in the spec: success is the code alone. */
  answer: emptyAnswer,
};
export type SmsRequest = z.input<typeof getSms.payload>;

export const register = {
  payload: z.object({
    phone: phoneField('phone'),
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
    id: optionalTextField('id', 18),
    ...attribution,
  }),
  /** Not shown in the spec: we answer the new borrower's userId. */
  answer: z.object({ userId: z.string().describe('the new borrower (spec: not shown)') }),
};
export type RegisterPayload = z.input<typeof register.payload>;

export const channelTemplateCall = defineCall(channelTemplateRoute, channelTemplate, 'The landing template configuration.');
export const trackVisitCall = defineCall(trackVisitRoute, trackPage, 'Records a visit of a landing page.');
export const trackClickCall = defineCall(trackClickRoute, trackPage, 'Records a click on a landing page.');
export const getSidCall = defineCall(getSidRoute, getSid, 'A new captcha session id.');
export const getCaptchaCall = defineCall(getCaptchaRoute, getCaptcha, 'The image captcha of a captcha session, as a PNG image.');
export const getSmsCall = defineCall(getSmsRoute, getSms, 'Sends the registration SMS code after checking the image captcha.');
export const registerCall = defineCall(registerRoute, register, 'Registers the borrower with the SMS code.');
