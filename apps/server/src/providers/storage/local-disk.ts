/** The local ImageStorage: files under one directory (DATA_DIR/uploads), served by the app at /uploads/<folder>/<name>. */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FOLDER, KEY, newImageKey, servedImage, UPLOADS_PUBLIC_PATH } from './keys.ts';
import type { ImageStorage } from './storage.ts';

export { UPLOADS_PUBLIC_PATH } from './keys.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
/**
 * A file being written (see put()): a name KEY never matches, so it is never read or served. list()
 * names it like an image, so the orphan sweep removes one that a stopped process left (no row ever
 * names it) once it is older than the sweep's grace for files without rows.
 */
const PARTIAL_KEY = /^([a-z0-9-]{1,32})\/\.partial-[a-f0-9]{32}$/;

export function createLocalDiskStorage(root: string): Required<ImageStorage> {
  return {
    publicPath: UPLOADS_PUBLIC_PATH,

    async put(folder, image) {
      const { key, url } = newImageKey(folder, image.type);
      await mkdir(join(root, folder), { recursive: true });
      // Written under a name nothing serves, then linked to its key in one step: a process stopped
      // mid-write leaves only a partial file (the orphan sweep removes it), and a reader sees the whole
      // image or none. link() refuses an existing name, so nothing is ever overwritten.
      const partial = join(root, folder, `.partial-${randomBytes(16).toString('hex')}`);
      await writeFile(partial, image.bytes, { flag: 'wx', mode: 0o640 });
      try {
        await link(partial, join(root, key));
      } finally {
        await unlink(partial).catch(() => undefined);
      }
      return { key, url };
    },

    async remove(key) {
      if (!KEY.test(key) && !PARTIAL_KEY.test(key)) return;
      await unlink(join(root, key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async list(folder) {
      if (!FOLDER.test(folder)) return [];
      let names: string[];
      try {
        names = await readdir(join(root, folder));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const found: { key: string; modifiedAt: Date }[] = [];
      for (const name of names) {
        const key = `${folder}/${name}`;
        const info = await stat(join(root, key)).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
        // Only names put() could have made (images, and partial files of a put() under way or cut
        // off); anything else in the directory is not the app's to touch.
        if (info?.isFile() && (KEY.test(key) || PARTIAL_KEY.test(key))) found.push({ key, modifiedAt: info.mtime });
      }
      return found;
    },

    async read(key) {
      if (!KEY.test(key)) return null;
      let bytes: Buffer;
      try {
        bytes = await readFile(join(root, key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return servedImage(key, bytes);
    },
  };
}
