/** The promotion landing's calls (/api/v2/youmi/*): HTTP in and out only; the rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import { channelTemplateCall, getCaptchaCall, getSidCall, getSmsCall, registerCall, trackClickCall, trackVisitCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { captchaImage, landingTemplate, newSid, registerBorrower, sendSmsCode, track } from './service.ts';

export function registerPromotion(app: FastifyInstance, deps: AppDeps): void {
  const borrowers = borrowerCalls(deps);
  mountCall(app, borrowers, channelTemplateCall, async ({ payload, lang }) => landingTemplate(deps, payload.templateId, lang));
  mountCall(app, borrowers, trackVisitCall, async ({ payload }) => track(deps, 'visit', payload));
  mountCall(app, borrowers, trackClickCall, async ({ payload }) => track(deps, 'click', payload));
  mountCall(app, borrowers, getSidCall, async ({ payload, request }) => newSid(deps, payload.templateId, request.ip));
  mountCall(app, borrowers, getCaptchaCall, async ({ payload }) => captchaImage(deps, payload.sid));
  mountCall(app, borrowers, getSmsCall, async ({ payload, request }) => sendSmsCode(deps, payload, request.ip));
  mountCall(app, borrowers, registerCall, async ({ payload, request, lang }) => registerBorrower(deps, payload, request.ip, lang));
}
