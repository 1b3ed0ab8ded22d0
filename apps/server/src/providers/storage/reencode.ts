/**
 * Decodes an uploaded image and stores a freshly encoded copy instead of the sender's bytes: whatever
 * rode along (EXIF and GPS, comments, appended HTML or scripts, extra chunks) is gone, the EXIF
 * orientation is applied to the pixels, and a file that does not decode cleanly is refused.
 * JPEG stays JPEG, PNG stays PNG, WebP stays WebP; a GIF becomes a PNG of its first frame
 * (complaint images are evidence, not animations).
 */
import sharp from 'sharp';
import type { ImageType } from './image-type.ts';

/** 40 megapixels (e.g. 8000 × 5000, more than any phone camera's usual output); larger is refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ReencodeFailure = 'undecodable' | 'tooManyPixels';

export class ImageRejectedError extends Error {
  constructor(readonly reason: ReencodeFailure) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

// Decoded pixels are not worth keeping between uploads; the cache only holds memory.
sharp.cache(false);

const SHARP_FORMAT: Record<ImageType['extension'], string> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif' };

/**
 * Re-encodes `bytes`, whose first bytes said `sniffed`. Throws ImageRejectedError when the content is
 * not really that format, is damaged or truncated, or has more than MAX_IMAGE_PIXELS pixels.
 * Callers run it through a ReencodeQueue (reencode-queue.ts), which bounds how many run and wait.
 */
export async function reencodeImage(bytes: Uint8Array, sniffed: ImageType): Promise<{ bytes: Buffer; type: ImageType }> {
  // failOn 'warning': a truncated or damaged file is refused rather than stored half grey.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning', pages: 1, page: 0 } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header alone (no pixel limit yet, so the size can be named): a decompression bomb is
    // refused here, before a single pixel is decoded.
    const meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (meta.format !== SHARP_FORMAT[sniffed.extension]) throw new ImageRejectedError('undecodable');
    ({ width, height } = meta);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError('undecodable');
  }
  if (!width || !height) throw new ImageRejectedError('undecodable');
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageRejectedError('tooManyPixels');

  // rotate() with no angle applies the EXIF orientation; no withMetadata(), so nothing else is copied.
  const pipeline = sharp(bytes, options).rotate();
  try {
    switch (sniffed.extension) {
      case 'jpg':
        return { bytes: await pipeline.jpeg({ quality: 85 }).toBuffer(), type: sniffed };
      case 'webp':
        return { bytes: await pipeline.webp({ quality: 85 }).toBuffer(), type: sniffed };
      case 'png':
      case 'gif':
        return { bytes: await pipeline.png().toBuffer(), type: { mime: 'image/png', extension: 'png' } };
    }
  } catch {
    throw new ImageRejectedError('undecodable');
  }
}
