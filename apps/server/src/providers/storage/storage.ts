/**
 * Where uploaded images live. The server only talks to this interface, built by choose.ts from
 * UPLOAD_STORE: files under DATA_DIR/uploads (local-disk.ts, one process), rows of upload_blobs
 * (postgres.ts) or objects in an S3-compatible bucket (s3.ts). All three name images alike and the
 * app serves them itself at /uploads/… (serve.ts). A store that returned its own (CDN) URLs could
 * leave `read` out, and the app would mount no /uploads route. See docs/complaints.md.
 */
import type { ImageType } from './image-type.ts';

export interface StoredImage {
  /** The storage's own name for the image, for remove(); never shown to borrowers. */
  key: string;
  /** What the browser loads: an absolute http(s) URL, or a path on this server ('/uploads/…'). */
  url: string;
}

export interface ImageStorage {
  /**
   * Stores a new image under a fresh, unguessable name in `folder` ('complaints') and returns where
   * it is. Never overwrites an existing image. The caller has already checked the content.
   */
  put(folder: string, image: { bytes: Uint8Array; type: ImageType }): Promise<StoredImage>;
  /** Deletes an image put() stored; an image already gone is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Storages the app serves itself: the image at `key` (the part of the URL after the public
   * prefix), or null when there is none. Object stores leave this out.
   */
  read?(key: string): Promise<{ bytes: Uint8Array; type: ImageType } | null>;
  /**
   * Every image stored in `folder` with when it was written, so the orphan sweep can remove files
   * that no database row names (a crash between put() and the row). Optional: an object store may
   * leave this out and expire unreferenced objects with its own lifecycle rules.
   */
  list?(folder: string): Promise<{ key: string; modifiedAt: Date }[]>;
  /** The URL prefix read() serves under ('/uploads'); required with read. */
  readonly publicPath?: string;
}
