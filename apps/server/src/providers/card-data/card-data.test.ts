import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { CardDataError, createCardData, type CardDataKey } from './card-data.ts';
import { cardDataKeysFor, DEV_KEY_FILE } from './keys.ts';

const newKey = (id: string): CardDataKey => ({ id, key: createSecretKey(randomBytes(32)) });
const HASH_KEY = createSecretKey(randomBytes(32));
const base64Key = () => randomBytes(32).toString('base64');

describe('card data: keyed hash and AES-256-GCM', () => {
  const k1 = newKey('k1');
  const data = createCardData({ dataKeys: [k1], hashKey: HASH_KEY });

  it('hashes a number the same way every time, differently under another hash key, and never as the number', () => {
    expect(data.hash('4111111111111111')).toBe(data.hash('4111111111111111'));
    expect(data.hash('4111111111111111')).toMatch(/^[0-9a-f]{64}$/);
    expect(data.hash('4111111111111112')).not.toBe(data.hash('4111111111111111'));
    expect(createCardData({ dataKeys: [k1], hashKey: createSecretKey(randomBytes(32)) }).hash('4111111111111111')).not.toBe(data.hash('4111111111111111'));
  });

  it('seals with a fresh IV each time, names the key, and opens again in its context only', () => {
    const a = data.seal('001234567890', 'borrower:7');
    const b = data.seal('001234567890', 'borrower:7');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.k1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(a).not.toContain('001234567890');
    expect(data.open(a, 'borrower:7')).toBe('001234567890');
    expect(() => data.open(a, 'borrower:8')).toThrow(CardDataError);
  });

  it('fails closed: a wrong key, an unknown key id, an altered value or tag never open', () => {
    const sealed = data.seal('09171234567', 'borrower:1');
    const [version, id, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string, string];
    const wrongKey = createCardData({ dataKeys: [newKey('k1')], hashKey: HASH_KEY });
    expect(() => wrongKey.open(sealed, 'borrower:1')).toThrow(/does not open: wrong key/);
    const otherKeys = createCardData({ dataKeys: [newKey('k2')], hashKey: HASH_KEY });
    expect(() => otherKeys.open(sealed, 'borrower:1')).toThrow(/key "k1", which CARD_DATA_KEYS does not hold/);
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const altered of [
      [version, id, iv, flip(ciphertext), tag],
      [version, id, iv, ciphertext, flip(tag)],
      [version, id, flip(iv), ciphertext, tag],
      [version, id, iv, ciphertext, tag.slice(0, 8)],
      ['v2', id, iv, ciphertext, tag],
    ]) {
      expect(() => data.open(altered.join('.'), 'borrower:1')).toThrow(CardDataError);
    }
    expect(() => data.open('09171234567', 'borrower:1')).toThrow(CardDataError);
    try {
      wrongKey.open(sealed, 'borrower:1');
    } catch (error) {
      expect(String(error)).not.toContain('09171234567');
    }
  });

  it('rotates: the first key seals, an older one still opens what it sealed', () => {
    const k2 = newKey('k2');
    const old = data.seal('5566778899001122', 'borrower:3');
    const rotated = createCardData({ dataKeys: [k2, k1], hashKey: HASH_KEY });
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.open(old, 'borrower:3')).toBe('5566778899001122');
    expect(rotated.seal('5566778899001122', 'borrower:3').startsWith('v1.k2.')).toBe(true);
  });
});

describe('card-data keys from configuration', () => {
  it('reads CARD_DATA_KEYS as id:base64key entries (the first encrypts) and CARD_HASH_KEY; keys never print', () => {
    const config = loadConfig({ CARD_DATA_KEYS: ` k2:${base64Key()} , k1:${randomBytes(32).toString('base64url')}`, CARD_HASH_KEY: base64Key() });
    expect(config.CARD_DATA_KEYS!.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(config.CARD_DATA_KEYS![0]!.key.symmetricKeySize).toBe(32);
    expect(JSON.stringify(config)).not.toMatch(/"key":"|CARD_HASH_KEY":"/);
    expect(inspect(config.CARD_HASH_KEY)).toContain('SecretKeyObject');
  });

  it('names the variable and the entry of a bad key, never the key', () => {
    const secret = randomBytes(16).toString('base64');
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ CARD_DATA_KEYS: `k1:${secret}`, CARD_HASH_KEY: base64Key() }, /CARD_DATA_KEYS: key "k1" must be 32 bytes written in base64/],
      [{ CARD_DATA_KEYS: base64Key(), CARD_HASH_KEY: base64Key() }, /CARD_DATA_KEYS: entry 1 is not id:base64key/],
      [{ CARD_DATA_KEYS: `k1:${base64Key()},k1:${base64Key()}`, CARD_HASH_KEY: base64Key() }, /CARD_DATA_KEYS: key id "k1" appears twice/],
      [{ CARD_DATA_KEYS: `k1:${base64Key()}`, CARD_HASH_KEY: secret }, /CARD_HASH_KEY: must be at least 32 bytes/],
      [{ CARD_DATA_KEYS: `k1:${base64Key()}` }, /CARD_HASH_KEY: must be set together with the other/],
      [{ CARD_HASH_KEY: base64Key() }, /CARD_DATA_KEYS: must be set together with the other/],
    ];
    for (const [env, message] of bad) {
      let thrown: unknown;
      try {
        loadConfig(env);
      } catch (error) {
        thrown = error;
      }
      expect(String(thrown)).toMatch(message);
      expect(String(thrown)).not.toContain(secret);
    }
  });

  it('refuses to start under NODE_ENV=production without both keys, and starts with them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /CARD_DATA_KEYS: is required when NODE_ENV=production .*; CARD_HASH_KEY: is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', CARD_DATA_KEYS: `prod-2026:${base64Key()}`, CARD_HASH_KEY: base64Key() }).CARD_DATA_KEYS).toHaveLength(1);
    expect(loadConfig({}).CARD_DATA_KEYS).toBeUndefined();
  });
});

describe('the development key file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is generated once into DATA_DIR (mode 0600) when no key is configured, and read again on the next start', () => {
    dir = mkdtempSync(join(tmpdir(), 'cashloan-card-keys-'));
    const config = { ...loadConfig({}), DATA_DIR: join(dir, 'data') };
    const first = cardDataKeysFor(config);
    const file = join(config.DATA_DIR, DEV_KEY_FILE);
    expect(first.source).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^CARD_DATA_KEYS=dev-[0-9a-f]{6}:[A-Za-z0-9+/=]{44}$/m);
    const again = cardDataKeysFor(config);
    const sealed = createCardData(first).seal('001234567890', 'x');
    expect(createCardData(again).open(sealed, 'x')).toBe('001234567890');
    expect(createCardData(again).hash('001234567890')).toBe(createCardData(first).hash('001234567890'));
  });

  it('is not used when the keys are configured, and a damaged one stops the start with its path', () => {
    dir = mkdtempSync(join(tmpdir(), 'cashloan-card-keys-'));
    const configured = loadConfig({ DATA_DIR: dir, CARD_DATA_KEYS: `k1:${base64Key()}`, CARD_HASH_KEY: base64Key() });
    expect(cardDataKeysFor(configured).source).toBe('configuration');
    writeFileSync(join(dir, DEV_KEY_FILE), 'CARD_DATA_KEYS=nonsense\n');
    expect(() => cardDataKeysFor({ ...loadConfig({}), DATA_DIR: dir! })).toThrow(/card-data\.key is not a card-data key file \(CARD_DATA_KEYS: entry 1/);
  });
});
