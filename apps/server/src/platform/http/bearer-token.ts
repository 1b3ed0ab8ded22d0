/** The check of a fixed token sent as `Authorization: Bearer <token>` (the /ops and /metrics tokens). */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the header is exactly `Bearer <token>`: both sides hashed first, so the comparison takes the same time whatever was sent and says nothing of the token's length. */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}
