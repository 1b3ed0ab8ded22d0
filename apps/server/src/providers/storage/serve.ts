/**
 * Serves a self-hosted storage's images read-only at its public path, with headers that keep a
 * stored file an image: its real type, no sniffing, no scripts or frames, no shared caching.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/http/api-error.ts';
import type { ImageStorage } from './storage.ts';

export const IMAGE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // Even opened as a document, the response may run nothing and load nothing.
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Content-Disposition': 'inline',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // Names are random and never reused; complaint images are personal, so only the phone may cache them.
  'Cache-Control': 'private, max-age=31536000, immutable',
  'X-Robots-Tag': 'noindex',
} as const;

export function serveStoredImages(app: FastifyInstance, storage: ImageStorage): void {
  const { read, publicPath } = storage;
  if (!read || !publicPath) return;
  app.get(`${publicPath}/*`, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const image = await read.call(storage, key);
    if (!image) throw notFound('Image not found.');
    return reply.headers(IMAGE_HEADERS).type(image.type.mime).send(Buffer.from(image.bytes));
  });
}
