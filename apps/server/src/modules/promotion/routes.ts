/** The promotion landing's calls (/api/v2/youmi/*): HTTP in and out only; the rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import { channelTemplateCall, getCaptchaCall, getSidCall, getSmsCall, registerCall, trackClickCall, trackVisitCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../domain/borrowers/borrower-calls.ts';
import { captchaImage, landingTemplate, newSid, registerBorrower, sendSmsCode, track } from './service.ts';

export function registerPromotion(app: FastifyInstance, deps: AppDeps): void {
  mountCall(app, deps, channelTemplateCall, async ({ payload }) => landingTemplate(deps, payload.templateId));
  mountCall(app, deps, trackVisitCall, async ({ payload }) => track(deps, 'visit', payload));
  mountCall(app, deps, trackClickCall, async ({ payload }) => track(deps, 'click', payload));
  mountCall(app, deps, getSidCall, async ({ payload, request }) => newSid(deps, payload.templateId, request.ip));
  mountCall(app, deps, getCaptchaCall, async ({ payload }) => captchaImage(deps, payload.sid));
  mountCall(app, deps, getSmsCall, async ({ payload, request }) => sendSmsCode(deps, payload, request.ip));
  mountCall(app, deps, registerCall, async ({ payload, request }) => registerBorrower(deps, payload, request.ip));
}
