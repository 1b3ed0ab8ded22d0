/**
 * The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) through the otpauth library,
 * taking the step before and after for clock drift but never a step already used; and recovery
 * codes, each good for one sign-in, kept as SHA-256 hashes.
 */
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const totpFor = (base32: string, label = 'staff', issuer = '') =>
  new TOTP({ secret: Secret.fromBase32(base32), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, label, issuer });

/** A new 160-bit secret, in base32 (what authenticator apps take). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URL an authenticator app reads from the QR code. */
export const otpauthUrl = (base32: string, account: string, issuer: string): string => totpFor(base32, account, issuer).toString();

/** The step a right code belongs to (now's, or one either side), or null. */
export function totpStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of a secret at a moment (the dev ops API's stand-in for an authenticator app). */
export const totpCodeAt = (base32: string, now: Date): string => totpFor(base32).generate({ timestamp: now.getTime() });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Recovery codes of 10 random characters (about 49 bits each), written as xxxxx-xxxxx. */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The hash a recovery code is kept as: case, spaces and dashes do not matter when it is typed. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
