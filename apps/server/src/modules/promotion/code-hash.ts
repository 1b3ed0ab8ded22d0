/**
 * Register SMS codes are stored as a salted SHA-256 (migration 013) and compared in constant time.
 * The salt is the code row's captcha session id and phone, so equal codes hash differently.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export function hashSmsCode(salt: { sid: string; phone: string }, code: string): string {
  return createHash('sha256').update(`${salt.sid}:${salt.phone}:${code}`).digest('hex');
}

/** Whether `code` is the code stored as `hash`, taking the same time whatever the digits. */
export function isSmsCode(hash: string, salt: { sid: string; phone: string }, code: string): boolean {
  const candidate = Buffer.from(hashSmsCode(salt, code), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
