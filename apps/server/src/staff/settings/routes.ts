/** The staff API's settings (admins): read-only; products and rules change through configuration and migrations. */
import type { FastifyInstance } from 'fastify';
import { settingsCall } from '@cashloan/contract';
import { mountStaffCall, type StaffDeps } from '../http/mount.ts';
import { settings } from './service.ts';

export function registerSettingsCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountStaffCall(app, deps, settingsCall, async () => settings(deps));
}
