// `npx tsx scripts/gen-api-doc.ts`: writes docs/api.md from the contract's calls (see packages/contract/src/api-doc.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiDoc } from '../packages/contract/src/api-doc.ts';

const target = fileURLToPath(new URL('../docs/api.md', import.meta.url));
mkdirSync(fileURLToPath(new URL('../docs/', import.meta.url)), { recursive: true });
writeFileSync(target, renderApiDoc());
process.stdout.write(`wrote ${target}\n`);
