/** The staff API's settings (admins): read-only; products and rules change through configuration and migrations. */
import type { FastifyInstance } from 'fastify';
import { settingsCall } from '@cashloan/contract';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';
import { settings } from './service.ts';

export function registerSettingsCalls(app: FastifyInstance, deps: StaffDeps): void {
  mountCall(app, staffCalls(deps), settingsCall, async () => settings(deps));
}
