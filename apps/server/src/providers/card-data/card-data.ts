/**
 * Card and account numbers at rest (PCI DSS 3.4/3.5): a keyed hash (HMAC-SHA256) recognises a number
 * again without keeping it, and AES-256-GCM seals the one kind of number that must come back whole,
 * a payout account. A sealed value names the key that sealed it, so keys can rotate
 * (docs/ops.md, "Card-data keys").
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, type KeyObject } from 'node:crypto';
import type { CardDataKey } from '../../config.ts';

export type { CardDataKey };

export interface CardDataKeys {
  /** The first seals, every one opens. */
  dataKeys: CardDataKey[];
  /** Never rotates silently: the stored hashes are only comparable under the key that made them. */
  hashKey: KeyObject;
}

/** A value that cannot be opened: unknown key, wrong key, altered or malformed. Never carries the value. */
export class CardDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardDataError';
  }
}

const FORMAT = 'v1';
/** GCM's recommended nonce: 96 random bits per value. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** How every sealed value under this key starts: `v1.<key id>.` (the stores look for it). */
export const sealedPrefix = (keyId: string): string => `${FORMAT}.${keyId}.`;

export interface CardData {
  /** The key new values are sealed with. */
  readonly currentKeyId: string;
  /** Every key id that can open a value. */
  readonly keyIds: readonly string[];
  /** HMAC-SHA256 of the number's digits, hex: equal numbers, equal hashes; nothing to reverse. */
  hash(digits: string): string;
  /**
   * `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url). `context` names where the value belongs (its
   * borrower); it is authenticated, so a value copied elsewhere does not open.
   */
  seal(plaintext: string, context: string): string;
  /** The plaintext, or a CardDataError: a wrong key or an altered value never yields anything. */
  open(sealed: string, context: string): string;
}

export function createCardData(keys: CardDataKeys): CardData {
  const [current] = keys.dataKeys;
  if (!current) throw new CardDataError('No card-data key: CARD_DATA_KEYS needs at least one id:base64key entry');
  const byId = new Map(keys.dataKeys.map((k) => [k.id, k.key]));
  const aad = (keyId: string, context: string) => Buffer.from(`${sealedPrefix(keyId)}${context}`, 'utf8');
  return {
    currentKeyId: current.id,
    keyIds: keys.dataKeys.map((k) => k.id),
    hash: (digits) => createHmac('sha256', keys.hashKey).update(digits, 'utf8').digest('hex'),
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(current.id, context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, current.id, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== FORMAT) throw new CardDataError('Not a sealed card-data value');
      const [, keyId, ivText, ciphertextText, tagText] = parts as [string, string, string, string, string];
      const key = byId.get(keyId);
      if (!key) throw new CardDataError(`Sealed with card-data key "${keyId}", which CARD_DATA_KEYS does not hold`);
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new CardDataError('Not a sealed card-data value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(keyId, context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new CardDataError(`Card-data value under key "${keyId}" does not open: wrong key, or the value or its place was altered`);
      }
    },
  };
}
