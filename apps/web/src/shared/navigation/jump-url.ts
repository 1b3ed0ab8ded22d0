/**
 * The check every server-provided URL passes before the H5 opens it (playeduL, h5Url,
 * lendDetailsUrl, contract_url, payUrl, the product jump, the alternate channel's url). Spec
 * section 7 stays true for what passes: http(s) opens in the webview, the app's deep link goes to the
 * bridge. What passes is decided on the parsed URL, never on a prefix: a path of this site, http(s)
 * on this page's host or a host of the server's allow-list (no user info), or the app's own scheme.
 * Everything else is refused. docs/security.md.
 */
import { APP_SCHEME_META, TRUSTED_HOSTS_META, canonicalHostEntry, isTrustedHost } from '@cashloan/contract/trusted-hosts';
import { serverPage } from './server-page.ts';

/** What the borrower sees when a link is refused. */
export const JUMP_REFUSED_MESSAGE = 'This link cannot be opened.';

export interface JumpPolicy {
  /** The page's own URL: paths resolve against it and its host is always trusted. */
  base: string;
  /** Canonical allow-list entries (see trusted-hosts.ts). */
  trustedHosts: readonly string[];
  /** The app's deep-link scheme, lower case without ':' ('' = none). */
  appScheme: string;
}

/**
 * route: a path of this site; web: an http(s) page (sameOrigin: this page's origin); app: a deep link
 * for the bridge; refused: nothing may open it.
 */
export type JumpTarget =
  | { kind: 'route'; url: string }
  | { kind: 'web'; url: string; sameOrigin: boolean }
  | { kind: 'app'; url: string }
  | { kind: 'refused' };

const REFUSED: JumpTarget = { kind: 'refused' };
/**
 * Characters a browser drops or rewrites while parsing (tab, newline, '\' read as '/'), controls,
 * and invisible or space-like characters: a URL holding any of them is not what it looks like.
 */
// eslint-disable-next-line no-control-regex
const TRICK_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u00ad\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufeff\uffa0\\]|\u034f|[\ufe00-\ufe0f]/;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;

/** The policy of this page: its own URL and what the server wrote into its <meta> tags. */
export function pagePolicy(): JumpPolicy {
  const onServer = serverPage();
  if (onServer) return { base: onServer.href, trustedHosts: onServer.trustedHosts, appScheme: onServer.appScheme };
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  const trustedHosts = meta(TRUSTED_HOSTS_META)
    .split(',')
    .map(canonicalHostEntry)
    .filter((entry): entry is string => entry !== null);
  return { base: window.location.href, trustedHosts, appScheme: meta(APP_SCHEME_META).trim().toLowerCase().replace(/:.*$/, '') };
}

function parse(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/** Where a server-provided URL may lead, or refused. Leading and trailing spaces are ignored. */
export function checkJumpUrl(raw: string | null | undefined, policy: JumpPolicy = pagePolicy()): JumpTarget {
  const text = (raw ?? '').trim();
  if (text === '' || TRICK_CHARACTERS.test(text)) return REFUSED;
  const own = parse(policy.base);
  const scheme = SCHEME.exec(text)?.[1]!.toLowerCase();
  if (scheme === undefined) {
    // One leading slash: '//host' is another site, 'evil.com/x' or '%2F%2Fhost' are nothing we send.
    if (!text.startsWith('/') || text.startsWith('//')) return REFUSED;
    return own && parse(text, own.href)?.origin === own.origin ? { kind: 'route', url: text } : REFUSED;
  }
  if (scheme === 'http' || scheme === 'https') {
    // Only the full form: 'https:evil' and 'https:/evil' resolve differently against different pages.
    if (!/^https?:\/\/[^/]/i.test(text)) return REFUSED;
    const authority = text.slice(scheme.length + 3).split(/[/?#]/, 1)[0]!;
    const url = parse(text);
    if (!url || authority.includes('@') || url.username || url.password) return REFUSED;
    const sameHost = own !== null && url.host === own.host;
    if (!sameHost && !isTrustedHost(url, policy.trustedHosts)) return REFUSED;
    return { kind: 'web', url: url.href, sameOrigin: url.origin === own?.origin };
  }
  return policy.appScheme !== '' && scheme === policy.appScheme ? { kind: 'app', url: text } : REFUSED;
}
