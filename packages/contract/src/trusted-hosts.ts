/**
 * The jump-URL allow-list shared by the server (which validates TRUSTED_HOSTS and writes it into
 * every page) and the H5 (which opens only http(s) URLs on these hosts). Entries are bare hosts:
 * 'pay.example.com', 'pay.example.com:8443', '[::1]:8080', or a wildcard '*.example.com' for every
 * subdomain (not the domain itself). docs/security.md, docs/ops.md.
 */

/** The <meta name> tags of the served HTML: the allow-list (comma-separated) and the app's deep-link scheme. */
export const TRUSTED_HOSTS_META = 'trusted-hosts';
export const APP_SCHEME_META = 'app-scheme';

/**
 * An entry in the form URL parsing writes a host (lower case, punycode, IPv4 and IPv6 normalised, a
 * default port dropped), so 'PAY.Example.com' and 'xn--...' compare as a browser would; null when
 * the text is not a bare host (a path, user info, a scheme, a wildcard anywhere but in front).
 */
export function canonicalHostEntry(entry: string): string | null {
  const text = entry.trim();
  const wildcard = text.startsWith('*.');
  const rest = wildcard ? text.slice(2) : text;
  if (rest === '' || /[\s/\\?#@*%]/.test(rest)) return null;
  let url: URL;
  try {
    url = new URL(`http://${rest}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || url.hostname.endsWith('.')) return null;
  // A wildcard over an address ('*.10.0.0.1') means nothing.
  if (wildcard && (url.hostname.startsWith('[') || /^[\d.]+$/.test(url.hostname))) return null;
  return wildcard ? `*.${url.host}` : url.host;
}

/** Splits a canonical entry into host and port ('' = the scheme's default port). */
function hostAndPort(entry: string): { host: string; port: string } {
  const match = /^(.*?)(?::(\d+))?$/.exec(entry)!;
  return { host: match[1]!, port: match[2] ?? '' };
}

/** Whether a parsed http(s) URL's host and port are on the (canonical) list. */
export function isTrustedHost(url: URL, entries: readonly string[]): boolean {
  return entries.some((entry) => {
    const { host, port } = hostAndPort(entry);
    // No port: the scheme's default only; a port: that port, written or implied ('host:443' for https).
    const effective = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (port === '' ? url.port !== '' : port !== effective) return false;
    if (!host.startsWith('*.')) return url.hostname === host;
    const suffix = host.slice(1);
    return url.hostname.endsWith(suffix) && url.hostname.length > suffix.length;
  });
}
