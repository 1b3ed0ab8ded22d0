import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandlers } from '../../platform/http/errors.ts';
import { IMAGES } from '../../test-support/test-images.ts';
import { sniffImageType } from './image-type.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { serveStoredImages } from './serve.ts';

describe('sniffImageType', () => {
  it('knows JPEG, PNG, WebP and GIF by their first bytes', () => {
    expect(sniffImageType(IMAGES.jpeg)).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
    expect(sniffImageType(IMAGES.png)).toEqual({ mime: 'image/png', extension: 'png' });
    expect(sniffImageType(IMAGES.webp)).toEqual({ mime: 'image/webp', extension: 'webp' });
    expect(sniffImageType(IMAGES.gif)).toEqual({ mime: 'image/gif', extension: 'gif' });
  });

  it('refuses everything else: text, HTML, SVG, PDF, a RIFF that is not WebP, a truncated header', () => {
    const pad = (text: string) => Buffer.from(text.padEnd(64, ' '));
    for (const bytes of [
      pad('hello'),
      pad('<!doctype html><script>alert(1)</script>'),
      pad('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      pad('%PDF-1.7'),
      Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(40)]),
      IMAGES.png.subarray(0, 20),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageType(bytes)).toBeNull();
    }
  });
});

describe('local disk storage served at /uploads', () => {
  let root: string;
  let app: FastifyInstance;
  const storage = () => createLocalDiskStorage(root);
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'local-disk-test-'));
    app = Fastify();
    installErrorHandlers(app);
    serveStoredImages(app, storage());
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('stores under a fresh random name, serves it with image headers, and removes it', async () => {
    const s = storage();
    const a = await s.put('complaints', { bytes: IMAGES.webp, type: { mime: 'image/webp', extension: 'webp' } });
    const b = await s.put('complaints', { bytes: IMAGES.webp, type: { mime: 'image/webp', extension: 'webp' } });
    expect(a.url).toBe(`/uploads/${a.key}`);
    expect(a.key).not.toBe(b.key);
    const res = await app.inject({ method: 'GET', url: a.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=31536000, immutable',
    });
    await s.remove(a.key);
    await s.remove(a.key);
    expect((await app.inject({ method: 'GET', url: a.url })).statusCode).toBe(404);
    expect(readdirSync(join(root, 'complaints'))).toEqual([b.key.split('/')[1]]);
  });

  it('serves nothing outside its own names: no path tricks, no other files', async () => {
    writeFileSync(join(root, 'secret.png'), IMAGES.png);
    for (const url of ['/uploads/secret.png', '/uploads/../secret.png', '/uploads/complaints/..%2Fsecret.png', '/uploads/complaints/%2e%2e/secret.png', '/uploads/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('does not serve a stored file whose content no longer matches its name', async () => {
    const s = storage();
    const stored = await s.put('complaints', { bytes: IMAGES.png, type: { mime: 'image/png', extension: 'png' } });
    writeFileSync(join(root, stored.key), '<html><script>alert(1)</script></html>'.padEnd(64, ' '));
    expect((await app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(404);
  });

  it('writes each image whole under its name: a partial file a stopped process left is never served, and the sweep can remove it', async () => {
    const s = storage();
    const stored = await s.put('complaints', { bytes: IMAGES.png, type: { mime: 'image/png', extension: 'png' } });
    // put() leaves no partial file behind once it answered.
    expect(readdirSync(join(root, 'complaints')).filter((n) => n.startsWith('.partial-'))).toEqual([]);
    // What a process killed mid-write leaves: the first bytes of an image, under the partial name.
    const partial = `complaints/.partial-${'a'.repeat(32)}`;
    writeFileSync(join(root, partial), IMAGES.png.subarray(0, 40));
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    utimesSync(join(root, partial), hourAgo, hourAgo);
    for (const url of [`/uploads/${partial}`, `/uploads/${partial}.png`]) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await s.read(partial)).toBeNull();
    // Listed with its age, like a file without a row, so the orphan sweep removes it after its grace.
    const listed = await s.list('complaints');
    expect(listed.map((f) => f.key)).toContain(stored.key);
    expect(listed.find((f) => f.key === partial)?.modifiedAt.getTime()).toBeLessThanOrEqual(hourAgo.getTime() + 1000);
    await s.remove(partial);
    expect(existsSync(join(root, partial))).toBe(false);
  });
});
