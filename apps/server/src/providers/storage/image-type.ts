/**
 * Recognises an image by its first bytes (its "magic number"), never by its name or the type the
 * sender declared: a renamed text file, an HTML page or a script is not an image here.
 */
import type { COMPLAINT_IMAGE_TYPES } from '@cashloan/contract';

export type ImageMime = (typeof COMPLAINT_IMAGE_TYPES)[number];
export interface ImageType {
  mime: ImageMime;
  /** The file extension the storage names the image with. */
  extension: 'jpg' | 'png' | 'webp' | 'gif';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// SOI marker followed by the first marker's 0xFF (APP0 JFIF, APP1 Exif, DQT, … all start with FF).
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
/** The smallest file each format can be; anything shorter is a fragment, not an image. */
const MIN_BYTES = 26;

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < MIN_BYTES) return null;
  if (startsWith(bytes, PNG)) return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return { mime: 'image/gif', extension: 'gif' };
  // RIFF <4-byte little-endian size> WEBP, then a VP8 / VP8L / VP8X chunk.
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8) && startsWith(bytes, ascii('VP8'), 12)) return { mime: 'image/webp', extension: 'webp' };
  return null;
}

const BY_EXTENSION: Record<ImageType['extension'], ImageMime> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export function mimeForExtension(extension: string): ImageMime | null {
  return Object.hasOwn(BY_EXTENSION, extension) ? BY_EXTENSION[extension as ImageType['extension']] : null;
}
