/**
 * What the H5's jump check (apps/web/src/shared/navigation/jump-url.ts) needs from the server,
 * written into every page as <meta> tags, so it is there before any code runs and costs no call:
 * the hosts whose http(s) URLs may open (PUBLIC_URL's and TRUSTED_HOSTS; the page's own host is
 * always allowed) and the app's deep-link scheme (SCHEME_URL's). Meta tags run nothing, so the CSP
 * stays as it is.
 */
import { APP_SCHEME_META, TRUSTED_HOSTS_META, canonicalHostEntry } from '@cashloan/contract/trusted-hosts';
import { appSchemeOf, type Config } from '../config.ts';

/**
 * The allow-list: PUBLIC_URL's host, then TRUSTED_HOSTS. The sandbox payment provider answers paths
 * of this site only (payUrl and the alternate channel's url), so it adds no host; a real provider's
 * hosted pages are added with TRUSTED_HOSTS.
 */
export function trustedHosts(config: Pick<Config, 'PUBLIC_URL' | 'TRUSTED_HOSTS'>): string[] {
  const publicHost = config.PUBLIC_URL === undefined ? null : canonicalHostEntry(new URL(config.PUBLIC_URL).host);
  return [...new Set([...(publicHost === null ? [] : [publicHost]), ...config.TRUSTED_HOSTS])];
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <meta> tags for <head>. */
export function jumpPolicyMeta(config: Pick<Config, 'PUBLIC_URL' | 'TRUSTED_HOSTS' | 'SCHEME_URL'>): string {
  return (
    `<meta name="${TRUSTED_HOSTS_META}" content="${attribute(trustedHosts(config).join(','))}">` +
    `<meta name="${APP_SCHEME_META}" content="${attribute(appSchemeOf(config.SCHEME_URL) ?? '')}">`
  );
}
