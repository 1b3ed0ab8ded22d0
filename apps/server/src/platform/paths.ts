/**
 * Where the server's files are, the same whether it runs from its TypeScript source
 * (apps/server/src/…, through tsx) or from the build (apps/server/dist/*.js, scripts/build-server.mjs,
 * where every module sits in a flat chunk). A module's own depth differs between the two, so paths
 * are found from the server package's directory: the nearest ancestor with a package.json, as Node
 * itself finds a module's package.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageDir(from: string): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

/** apps/server/ (with a trailing separator). */
export const SERVER_ROOT = join(packageDir(fileURLToPath(import.meta.url)), '/');
/** The repository's root (with a trailing separator): the server package is apps/server. */
export const REPO_ROOT = join(SERVER_ROOT, '../../');
