/**
 * The landing's calls. The template loads through useApi (failure and retry on the page); the
 * sign-up calls fail silently here because the page answers each failure code its own way
 * (101/-1 refresh the image, 11 opens the already-registered prompt, anything else is toasted).
 */
import { channelTemplateRoute, getCaptchaRoute, getSidRoute, getSmsRoute, registerRoute, trackClickRoute, trackVisitRoute } from '@cashloan/contract/routes/promotion';
import type { LandingPage } from '@cashloan/contract/routes/landing';
import type { PayloadOf } from '@cashloan/contract/common';
import { buildRequest, callApi } from '../../shared/http/client.ts';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { landingTemplateId } from './landing-params.ts';

/** The landing's template; a broken link (no valid templateId) shows its notice and calls nothing. */
export const firstCalls = {
  landing: (param) => {
    const templateId = landingTemplateId(param);
    return templateId === undefined ? [] : [firstCall(channelTemplateRoute, { templateId })];
  },
} satisfies Record<string, FirstCalls>;

export function useLandingTemplate(templateId: string) {
  return useApi(channelTemplateRoute, { templateId });
}

/** Counts a visit or a register tap. Tracking never bothers the visitor: a failure is dropped. */
function track(route: typeof trackVisitRoute, page: LandingPage, source: string, templateId: string): void {
  callApi(route, { page, source, templateId }, { onFailure: 'silent' }).catch(() => undefined);
}
/** The visits counted in this page load: going back and forth between the two routes is not a new visit. */
const visited = new Set<string>();
export function trackVisit(page: LandingPage, source: string, templateId: string): void {
  const key = `${page}|${templateId}|${source}`;
  if (visited.has(key)) return;
  visited.add(key);
  track(trackVisitRoute, page, source, templateId);
}
export const trackClick = (page: LandingPage, source: string, templateId: string) => track(trackClickRoute, page, source, templateId);

/** A new captcha session for the landing's template. */
export async function newCaptchaSession(templateId: string, signal?: AbortSignal): Promise<string> {
  const answer = await callApi(getSidRoute, { templateId }, { onFailure: 'silent', ...(signal ? { signal } : {}) });
  return answer.data.sid;
}

/** The image of the sid's next captcha: every new timestamp draws a new image (and answer). */
export function captchaImageUrl(sid: string, timestamp: number): string {
  return buildRequest(getCaptchaRoute, { sid, timestamp: String(timestamp) }).url;
}

export type SmsCodeRequest = PayloadOf<typeof getSmsRoute>;
export type Registration = PayloadOf<typeof registerRoute>;

export function requestSmsCode(payload: SmsCodeRequest) {
  return callApi(getSmsRoute, payload, { loading: true, onFailure: 'silent' });
}

export function registerBorrower(payload: Registration) {
  return callApi(registerRoute, payload, { loading: true, onFailure: 'silent' });
}
