import { route } from '../common.ts';
import type * as promotion from '../promotion.ts';

// ---- promotion landing (promo.html: #/agreementTemplate, #/downloadTemplate); public ---------------
const YOUMI_PROMOTION = '/api/v2/youmi/promotion';
export const channelTemplateRoute = route<typeof promotion.channelTemplate>({
  method: 'GET',
  path: '/api/v2/youmi/service/channel/channel-template',
  base: 'root',
  codeForm: 'zero',
  auth: false,
});
export const trackVisitRoute = route<typeof promotion.trackPage>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/track-visit`,
  base: 'root',
  codeForm: 'zero',
  auth: false,
});
export const trackClickRoute = route<typeof promotion.trackPage>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/track-click`,
  base: 'root',
  codeForm: 'zero',
  auth: false,
});
export const getSidRoute = route<typeof promotion.getSid>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/get-sid`,
  base: 'root',
  codeForm: 'zero',
  auth: false,
});
/** Answers the captcha image itself (image/png), not an envelope: the page uses the URL as an <img> src. */
export const getCaptchaRoute = route<typeof promotion.getCaptcha>({
  method: 'GET',
  path: `${YOUMI_PROMOTION}/get-captcha`,
  base: 'root',
  codeForm: 'zero',
  auth: false,
  responds: 'image',
});
export const getSmsRoute = route<typeof promotion.getSms>({
  method: 'POST',
  path: `${YOUMI_PROMOTION}/get-sms`,
  base: 'root',
  codeForm: 'zero',
  auth: false,
});
export const registerRoute = route<typeof promotion.register>({
  method: 'POST',
  path: `${YOUMI_PROMOTION}/register`,
  base: 'root',
  codeForm: 'zero',
  auth: false,
});
