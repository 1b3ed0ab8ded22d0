/** The local ImageStorage: files under one directory (DATA_DIR/uploads), served by the app at /uploads/<folder>/<name>. */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mimeForExtension, sniffImageType, type ImageType } from './image-type.ts';
import type { ImageStorage } from './storage.ts';

export const UPLOADS_PUBLIC_PATH = '/uploads';

const FOLDER = /^[a-z0-9-]{1,32}$/;
/** folder/32 hex characters.extension: nothing else is ever read, so no path can leave the root. */
const KEY = /^([a-z0-9-]{1,32})\/([a-f0-9]{32})\.(jpg|png|webp|gif)$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalDiskStorage(root: string): Required<ImageStorage> {
  return {
    publicPath: UPLOADS_PUBLIC_PATH,

    async put(folder, image) {
      if (!FOLDER.test(folder)) throw new Error(`Bad storage folder: ${folder}`);
      await mkdir(join(root, folder), { recursive: true });
      // 128 random bits: the URL cannot be guessed, and 'wx' refuses to overwrite in any case.
      const key = `${folder}/${randomBytes(16).toString('hex')}.${image.type.extension}`;
      await writeFile(join(root, key), image.bytes, { flag: 'wx', mode: 0o640 });
      return { key, url: `${UPLOADS_PUBLIC_PATH}/${key}` };
    },

    async remove(key) {
      if (!KEY.test(key)) return;
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
        // Only names put() could have made; anything else in the directory is not the app's to touch.
        if (!KEY.test(key)) continue;
        const info = await stat(join(root, key)).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
        if (info?.isFile()) found.push({ key, modifiedAt: info.mtime });
      }
      return found;
    },

    async read(key) {
      const match = KEY.exec(key);
      if (!match || !mimeForExtension(match[3]!)) return null;
      let bytes: Buffer;
      try {
        bytes = await readFile(join(root, key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Served with the type its content shows (it was checked on upload; a file changed on disk since is not served).
      const type: ImageType | null = sniffImageType(bytes);
      return type && type.extension === match[3] ? { bytes, type } : null;
    },
  };
}
