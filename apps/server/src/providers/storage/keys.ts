/**
 * The names every ImageStorage gives its images, whichever store holds them (local-disk.ts,
 * postgres.ts, s3.ts): `<folder>/<32 hex>.<extension>`, served by the app at /uploads/<key>. One
 * shape for all stores, so serving, its headers and the rules on URLs stay the same when the store changes.
 */
import { randomBytes } from 'node:crypto';
import { mimeForExtension, sniffImageType, type ImageType } from './image-type.ts';

export const UPLOADS_PUBLIC_PATH = '/uploads';

export const FOLDER = /^[a-z0-9-]{1,32}$/;
/** folder/32 hex characters.extension: nothing else is ever read, so no path can leave the root. */
export const KEY = /^([a-z0-9-]{1,32})\/([a-f0-9]{32})\.(jpg|png|webp|gif)$/;

/** A fresh key in `folder`: 128 random bits, so a URL cannot be guessed and two puts never meet. */
export function newImageKey(folder: string, type: ImageType): { key: string; url: string } {
  if (!FOLDER.test(folder)) throw new Error(`Bad storage folder: ${folder}`);
  const key = `${folder}/${randomBytes(16).toString('hex')}.${type.extension}`;
  return { key, url: `${UPLOADS_PUBLIC_PATH}/${key}` };
}

/**
 * The stored bytes of `key` as an image to serve, or null: served with the type its content shows
 * (it was checked on upload), and only when that is the type its name says, so bytes changed in the
 * store since are not served.
 */
export function servedImage(key: string, bytes: Uint8Array): { bytes: Uint8Array; type: ImageType } | null {
  const match = KEY.exec(key);
  if (!match || !mimeForExtension(match[3]!)) return null;
  const type = sniffImageType(bytes);
  return type && type.extension === match[3] ? { bytes, type } : null;
}
