/** The promotion calls: each route of routes/promotion.ts with its schemas of promotion.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import {
  channelTemplateRoute,
  getCaptchaRoute,
  getSidRoute,
  getSmsRoute,
  registerRoute,
  trackClickRoute,
  trackVisitRoute,
} from '../routes/promotion.ts';
import { channelTemplate, getCaptcha, getSid, getSms, register, trackPage } from '../promotion.ts';

export const channelTemplateCall = defineCall(channelTemplateRoute, channelTemplate, 'The landing template configuration.');
export const trackVisitCall = defineCall(trackVisitRoute, trackPage, 'Counts a visit of a landing page, per template, source and day.');
export const trackClickCall = defineCall(trackClickRoute, trackPage, 'Counts a tap on the register button, per template, source and day.');
export const getSidCall = defineCall(getSidRoute, getSid, 'A new captcha session id, bound to the landing template.');
export const getCaptchaCall = defineCall(getCaptchaRoute, getCaptcha, 'A new image captcha for the sid, as a PNG image; it replaces the previous one.');
export const getSmsCall = defineCall(getSmsRoute, getSms, 'Sends the registration SMS code after checking the image captcha.');
export const registerCall = defineCall(registerRoute, register, 'Registers the borrower with the SMS code.');
