/**
 * Keeps secrets and personal numbers out of logs. The query is redacted as the server reads it: split
 * where the router splits it and parsed by parseQuery, the same function Fastify parses it with
 * (app.ts), so `session%49d=…` or `#sessionId=…`, which the server takes for `sessionId`, are
 * redacted like `sessionId=…`. Names are compared without case, to err on the side of hiding.
 */
import { parse } from 'fast-querystring';

/** The query parser of every request (app.ts hands it to Fastify's router). */
export function parseQuery(query: string): Record<string, unknown> {
  return query.length === 0 ? {} : (parse(query) as Record<string, unknown>);
}

/** Session ids, one-time codes, card numbers and repay tokens: never logged. */
const SECRET_NAMES = new Set(['sessionid', 'smscode', 'verifycode', 'capcode', 'cardno', 'repaytoken']);
/** Phone numbers and user ids: logged with their last 4 characters only. */
const MASKED_NAMES = new Set(['mobilephone', 'phone', 'userid']);

/** '09171234567' → '*******4567'; 4 characters or fewer are hidden entirely. */
export function maskLast4(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** A value that itself carries a secret parameter ('1#sessionId=…': the router keeps a '#' inside the value). */
const NESTED_SECRET = new RegExp(`(?:${[...SECRET_NAMES].join('|')})\\s*=`, 'i');

function shown(name: string, value: string): string {
  const key = name.toLowerCase();
  if (SECRET_NAMES.has(key) || NESTED_SECRET.test(value)) return '[redacted]';
  if (MASKED_NAMES.has(key)) return maskLast4(value);
  return encodeURIComponent(value);
}

/** The URL as a log line may show it: the path, then each parsed parameter with its value redacted, masked or re-encoded. */
export function redactUrl(url: string): string {
  // The router takes the query from the first '?' or '#' (find-my-way's url-sanitizer).
  const cut = [url.indexOf('?'), url.indexOf('#')].filter((i) => i !== -1);
  if (cut.length === 0) return url;
  const at = Math.min(...cut);
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(parseQuery(url.slice(at + 1)))) {
    for (const one of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(name)}=${shown(name, String(one ?? ''))}`);
  }
  return `${url.slice(0, at)}?${pairs.join('&')}`;
}
