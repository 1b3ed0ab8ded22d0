/**
 * Gets a chosen photo under the upload limit before it leaves the phone: camera photos are often
 * larger than 5 MB, so an oversize image is redrawn as a JPEG at most 2048 px on its longer side.
 * Small images are sent untouched (the server checks what they really are).
 */
import { COMPLAINT_IMAGE_MAX_BYTES } from '@cashloan/contract/routes/values';

export const MAX_EDGE_PX = 2048;
export const TOO_LARGE_MESSAGE = `The image is larger than ${COMPLAINT_IMAGE_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller image.`;

/** Width and height scaled down (never up) so the longer side is at most maxEdge. */
export function fitWithin(width: number, height: number, maxEdge: number = MAX_EDGE_PX): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export class ImageTooLargeError extends Error {
  constructor() {
    super(TOO_LARGE_MESSAGE);
    this.name = 'ImageTooLargeError';
  }
}

async function redrawAsJpeg(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
}

/** The image to upload and its file name; throws ImageTooLargeError when it cannot be brought under the limit. */
export async function prepareForUpload(file: File): Promise<{ image: Blob; name: string }> {
  if (file.size <= COMPLAINT_IMAGE_MAX_BYTES) return { image: file, name: file.name || 'image' };
  const smaller = await redrawAsJpeg(file);
  if (!smaller || smaller.size > COMPLAINT_IMAGE_MAX_BYTES) throw new ImageTooLargeError();
  return { image: smaller, name: `${(file.name || 'image').replace(/\.[^.]*$/, '')}.jpg` };
}
