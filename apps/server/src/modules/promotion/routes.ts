/** The promotion landing's calls (/api/v2/youmi/*): HTTP in and out only; the rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import { channelTemplateCall, getCaptchaCall, getSidCall, getSmsCall, registerCall, trackClickCall, trackVisitCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { mountCall } from '../../platform/http/mount-call.ts';
import { captchaImage, landingTemplate, newSid, registerBorrower, sendSmsCode, track } from './service.ts';

export function registerPromotion(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  mountCall(app, deps, channelTemplateCall, async ({ payload }) => landingTemplate(db, payload.templateId));
  mountCall(app, deps, trackVisitCall, async ({ payload }) => track(db, 'visit', payload, clock.now()));
  mountCall(app, deps, trackClickCall, async ({ payload }) => track(db, 'click', payload, clock.now()));
  mountCall(app, deps, getSidCall, async ({ payload, request }) => newSid(db, payload.templateId, request.ip, clock.now()));
  mountCall(app, deps, getCaptchaCall, async ({ payload }) => captchaImage(db, payload.sid, clock.now()));
  mountCall(app, deps, getSmsCall, async ({ payload, request }) => sendSmsCode(deps, payload, request.ip, clock.now()));
  mountCall(app, deps, registerCall, async ({ payload, request }) => registerBorrower(deps, payload, request.ip, clock.now()));
}
