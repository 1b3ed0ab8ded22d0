/**
 * Where the card-data keys come from: CARD_DATA_KEYS and CARD_HASH_KEY when set (config.ts refuses
 * to start without them under NODE_ENV=production); otherwise, so that `npm ci && npm start` needs
 * no settings, a pair generated once into DATA_DIR/card-data.key (mode 0600), next to the data it
 * protects. The file uses the variables' own format, so it can be moved into the environment as is.
 */
import { generateKeySync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardKeySettings, type Config } from '../../config.ts';
import type { CardDataKeys } from './card-data.ts';

export const DEV_KEY_FILE = 'card-data.key';

export interface ResolvedCardDataKeys extends CardDataKeys {
  /** 'configuration', or the path of the generated key file: for the start-up log (never the keys themselves). */
  source: string;
}

export function cardDataKeysFor(config: Pick<Config, 'CARD_DATA_KEYS' | 'CARD_HASH_KEY' | 'DATA_DIR'>): ResolvedCardDataKeys {
  if (config.CARD_DATA_KEYS && config.CARD_HASH_KEY) return { dataKeys: config.CARD_DATA_KEYS, hashKey: config.CARD_HASH_KEY, source: 'configuration' };
  const file = join(config.DATA_DIR, DEV_KEY_FILE);
  if (!existsSync(file)) writeDevKeyFile(file);
  return { ...readDevKeyFile(file), source: file };
}

function readDevKeyFile(file: string): CardDataKeys {
  const settings: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && !line.trimStart().startsWith('#')) settings[match[1]!] = match[2]!;
  }
  const parsed = cardKeySettings.safeParse(settings);
  const { CARD_DATA_KEYS: dataKeys, CARD_HASH_KEY: hashKey } = parsed.success ? parsed.data : {};
  if (!dataKeys?.length || !hashKey) {
    const problems = parsed.success ? 'CARD_DATA_KEYS or CARD_HASH_KEY is missing' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${file} is not a card-data key file (${problems}). It protects the card numbers stored in this DATA_DIR: restore it, or remove it only together with the database.`);
  }
  return { dataKeys, hashKey };
}

/** Written under a temporary name and linked into place: a second process never reads half a file, and never replaces one. */
function writeDevKeyFile(file: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const dataKey = generateKeySync('aes', { length: 256 }).export().toString('base64');
  const text = [
    '# Card-data keys generated for development (docs/ops.md, "Card-data keys"). They protect the card',
    '# numbers stored in this DATA_DIR: keep this file with the database. Production sets the variables instead.',
    `CARD_DATA_KEYS=dev-${randomBytes(3).toString('hex')}:${dataKey}`,
    `CARD_HASH_KEY=${randomBytes(32).toString('base64')}`,
    '',
  ].join('\n');
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}
