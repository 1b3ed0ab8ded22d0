/**
 * Staff passwords (docs/backoffice.md, "Security"): scrypt from Node's crypto with a random salt per
 * password, compared in constant time; a new password is at least 12 characters and not on the list
 * of common passwords; temporary passwords are drawn at random. A password is never logged or stored.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { STAFF_LIMITS } from '@cashloan/contract';

/**
 * N = 2^15, r = 8, p = 3: one of the equivalent settings the OWASP Password Storage Cheat Sheet gives
 * as scrypt's floor; 32 MiB and about 0.25 s per hash here, off the event loop (libuv's pool).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** 'scrypt$N$r$p$salt$key', salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone knows: an unknown email is checked against it, so it answers as slowly as a known one. */
let decoyHash: Promise<string> | undefined;
export const decoy = () => (decoyHash ??= hashPassword(randomBytes(24).toString('base64')));

let commonPasswords: Promise<Set<string>> | undefined;
/** zxcvbn-ts's list of common passwords (about 50,000), loaded when a password is first set. */
function loadCommonPasswords(): Promise<Set<string>> {
  return (commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))));
}

export const PASSWORD_MESSAGES = {
  common: 'newPassword is a common password, easy to guess. Please choose another (a few unrelated words work well).',
  same: 'newPassword must differ from the current password.',
  personal: 'newPassword must not contain your email or name.',
  wrongCurrent: 'currentPassword is not right.',
} as const;

/**
 * Why a new password is refused, or null. Its length is the contract's check; here, whether it is
 * common: as typed, lower case, and with trailing digits and symbols taken off ("Password2024!").
 */
export async function passwordProblem(password: string, person: { email: string; name: string }): Promise<string | null> {
  const lower = password.toLowerCase();
  const common = await loadCommonPasswords();
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (common.has(lower) || (stem.length >= 4 && common.has(stem)) || /^(.)\1+$/u.test(lower)) return PASSWORD_MESSAGES.common;
  const localPart = person.email.split('@')[0]!.toLowerCase();
  const names = [localPart, ...person.name.toLowerCase().split(/\s+/)].filter((part) => part.length >= 4);
  if (names.some((part) => lower.includes(part))) return PASSWORD_MESSAGES.personal;
  return null;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied. */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A temporary password of 16 random characters (about 93 bits), in groups of four: changed at the first sign-in. */
export function temporaryPassword(): string {
  const chars = Array.from({ length: 16 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export const PASSWORD_RULES = { minChars: STAFF_LIMITS.passwordMinChars, scrypt: PARAMS } as const;
