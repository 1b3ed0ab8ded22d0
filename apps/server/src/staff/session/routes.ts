/** The staff API's session calls: sign in, the second factor, who is signed in, sign out, the password. */
import type { FastifyInstance } from 'fastify';
import { changePasswordCall, meCall, secondFactorCall, secondFactorConfirmCall, secondFactorSetupCall, signInCall, signOutCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { clearSessionCookie, staffCalls, setSessionCookie, type StaffDeps } from '../http/mount.ts';
import {
  changePassword,
  confirmSecondFactor,
  enterSecondFactor,
  sessionState,
  signIn,
  signInFailed,
  signOut,
  startSecondFactorSetup,
  type OpenedSession,
  type StaffSession,
} from './service.ts';

const opened = (s: StaffSession | OpenedSession): s is OpenedSession => 'token' in s;

export function registerSessionCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  const { db } = deps;

  mountCall(app, staff, signInCall, async (ctx) => {
    const outcome = await signIn(db, { ...ctx.input, address: ctx.request.ip }, ctx.now);
    ctx.actor = outcome.actor;
    if (!outcome.opened) throw signInFailed();
    setSessionCookie(ctx.request, ctx.reply, outcome.opened.token);
    await ctx.audit({ after: { stage: outcome.opened.session.stage } });
    return sessionState(outcome.opened);
  });

  mountCall(app, staff, secondFactorCall, async (ctx) => {
    const next = await enterSecondFactor(deps, ctx.current, ctx.input.code, ctx.request.ip, ctx.now);
    if (opened(next)) setSessionCookie(ctx.request, ctx.reply, next.token);
    await ctx.audit({ after: { stage: next.session.stage } });
    return sessionState(next);
  });

  mountCall(app, staff, meCall, async (ctx) => sessionState(ctx.current));

  mountCall(app, staff, signOutCall, async (ctx) => {
    await signOut(db, ctx.current, ctx.now);
    clearSessionCookie(ctx.request, ctx.reply);
    await ctx.audit({});
    return {};
  });

  mountCall(app, staff, changePasswordCall, async (ctx) => {
    const next = await changePassword(db, ctx.current, ctx.input, ctx.request.ip, ctx.now);
    if (opened(next)) setSessionCookie(ctx.request, ctx.reply, next.token);
    await ctx.audit({ after: { stage: next.session.stage, otherSessionsEnded: true } });
    return sessionState(next);
  });

  mountCall(app, staff, secondFactorSetupCall, async (ctx) => {
    const setup = await startSecondFactorSetup(deps, ctx.current);
    await ctx.audit({ after: { pending: true } });
    return setup;
  });

  mountCall(app, staff, secondFactorConfirmCall, async (ctx) => {
    const { recoveryCodes, next } = await confirmSecondFactor(deps, ctx.current, ctx.input.code, ctx.request.ip, ctx.now);
    if (opened(next)) setSessionCookie(ctx.request, ctx.reply, next.token);
    await ctx.audit({ before: { secondFactor: false }, after: { secondFactor: true, stage: next.session.stage } });
    return { recoveryCodes, session: sessionState(next) };
  });
}
