/** The staff API's account calls (admins): list, create, roles, disable, enable, reset. */
import type { FastifyInstance } from 'fastify';
import { createStaffCall, disableStaffCall, enableStaffCall, listStaffCall, resetStaffCall, setStaffRolesCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { endAllSessions } from '../session/service.ts';
import { accountView, changeDisabled, changeRoles, createStaff, listStaffRows, resetStaff } from './service.ts';

export function registerAccountCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, listStaffCall, async () => ({ items: (await listStaffRows(deps.db)).map(accountView) }));

  mountCall(app, staff, createStaffCall, (ctx) =>
    ctx.write(async (tx) => {
      const { account, temporaryPassword } = await createStaff(tx, ctx.input, ctx.now);
      // The temporary password is answered to the admin once and never written to the log.
      return { answer: { account: accountView(account), temporaryPassword: temporaryPassword! }, audit: { targetId: account.id, after: accountView(account) } };
    }),
  );

  mountCall(app, staff, setStaffRolesCall, (ctx) =>
    ctx.write(async (tx) => {
      const { before, after } = await changeRoles(tx, ctx.current.staff.id, ctx.input.id, ctx.input.roles);
      // New roles are taken up at a new sign-in, with the second factor they need: the account's
      // sessions end (but the admin's own, when changing their own roles: stageNow holds it to them).
      const changed = [...before.roles].sort().join() !== [...after.roles].sort().join();
      const ended = changed ? await endAllSessions(tx, after.id, ctx.now, after.id === ctx.current.staff.id ? ctx.current : undefined) : 0;
      return { answer: accountView(after), audit: { before: { roles: before.roles }, after: { roles: after.roles, sessionsEnded: ended } } };
    }),
  );

  for (const [call, disabled] of [
    [disableStaffCall, true],
    [enableStaffCall, false],
  ] as const) {
    mountCall(app, staff, call, (ctx) =>
      ctx.write(async (tx) => {
        const { before, after } = await changeDisabled(tx, ctx.current.staff.id, ctx.input.id, disabled, ctx.now);
        const ended = disabled ? await endAllSessions(tx, after.id, ctx.now) : 0;
        return { answer: accountView(after), audit: { before: { disabled: before.disabledAt !== null }, after: { disabled: after.disabledAt !== null, sessionsEnded: ended } } };
      }),
    );
  }

  mountCall(app, staff, resetStaffCall, (ctx) =>
    ctx.write(async (tx) => {
      const { before, after, temporaryPassword } = await resetStaff(tx, ctx.input.id, { secondFactor: ctx.input.secondFactor }, ctx.now);
      const ended = await endAllSessions(tx, after.id, ctx.now);
      return {
        answer: { account: accountView(after), temporaryPassword },
        audit: {
          before: { mustChangePassword: before.mustChangePassword, secondFactor: before.totpSecretSealed !== null },
          after: { mustChangePassword: true, secondFactor: after.totpSecretSealed !== null, sessionsEnded: ended },
        },
      };
    }),
  );
}
