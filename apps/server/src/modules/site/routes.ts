import type { FastifyInstance } from 'fastify';
import { siteConfigCall } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { borrowerCalls } from '../../domain/borrowers/session.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { siteConfig } from './service.ts';

/** Browsers may reuse the answer briefly: the site and the privacy page in its frame ask for it one after the other. */
export const SITE_CONFIG_MAX_AGE_SECONDS = 300;

export function registerSite(app: FastifyInstance, deps: AppDeps): void {
  // Built once: configuration is read once at start and the loan terms are constants.
  const answer = siteConfig(deps.config);
  mountCall(app, borrowerCalls(deps), siteConfigCall, async ({ reply }) => {
    reply.header('Cache-Control', `public, max-age=${SITE_CONFIG_MAX_AGE_SECONDS}`);
    return answer;
  });
}
