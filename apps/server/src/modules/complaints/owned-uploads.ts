/** Whether an image URL is one this borrower uploaded (complaint_images): the rule "My data" applies to a correction's document photo. */
import type { Queryable } from '../../platform/db/client.ts';
import { ownedImageUrls } from './store.ts';

export async function uploadOwnedBy(db: Queryable, borrowerId: number, url: string): Promise<boolean> {
  return (await ownedImageUrls(db, borrowerId, [url])).has(url);
}
