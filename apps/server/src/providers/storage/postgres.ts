/**
 * The ImageStorage in the database (UPLOAD_STORE=postgres): each image one row of upload_blobs
 * (migration 030), under the same keys and /uploads URLs as the local disk, served by the app
 * (serve.ts) from whichever process asks. Works on PGlite too. One INSERT writes a whole image, so
 * a process stopped during put() leaves nothing, and a read sees the whole image or none.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { FOLDER, KEY, newImageKey, servedImage, UPLOADS_PUBLIC_PATH } from './keys.ts';
import type { ImageStorage } from './storage.ts';

export function createPostgresStorage(db: Queryable): Required<ImageStorage> {
  return {
    publicPath: UPLOADS_PUBLIC_PATH,

    async put(folder, image) {
      const { key, url } = newImageKey(folder, image.type);
      // No ON CONFLICT: an existing key (never expected with 128 random bits) fails instead of being overwritten.
      await db.query('INSERT INTO upload_blobs (key, folder, content_type, bytes) VALUES ($1, $2, $3, $4)', [
        key,
        folder,
        image.type.mime,
        Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      ]);
      return { key, url };
    },

    async remove(key) {
      if (!KEY.test(key)) return;
      await db.query('DELETE FROM upload_blobs WHERE key = $1', [key]);
    },

    async list(folder) {
      if (!FOLDER.test(folder)) return [];
      const { rows } = await db.query<{ key: string; created_at: Date | string }>('SELECT key, created_at FROM upload_blobs WHERE folder = $1 ORDER BY created_at', [folder]);
      return rows.filter((r) => KEY.test(r.key)).map((r) => ({ key: r.key, modifiedAt: new Date(r.created_at) }));
    },

    async read(key) {
      if (!KEY.test(key)) return null;
      const { rows } = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM upload_blobs WHERE key = $1', [key]);
      const row = rows[0];
      return row ? servedImage(key, Buffer.from(row.bytes)) : null;
    },
  };
}
