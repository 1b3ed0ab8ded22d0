/** Every API family's routes; one line per module folder. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerPersonalCenter } from './personal-center/routes.ts';

export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerPersonalCenter(app, deps);
}
