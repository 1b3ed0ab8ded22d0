/**
 * The few messages of the spec that are not in English (the page is lang="en"): their language, so
 * screen readers read them with the right voice (issue 12). Matched on the exact text.
 */
import { COLLECTION_NOT_ALLOWED_MESSAGE } from '@cashloan/contract/routes/values';

const FOREIGN_MESSAGES: ReadonlyMap<string, string> = new Map([
  [COLLECTION_NOT_ALLOWED_MESSAGE, 'es'],
  ['Silakan pilih', 'id'],
]);

/** The BCP 47 language of `text` when it is one of the non-English messages, else undefined. */
export function messageLang(text: string): string | undefined {
  return FOREIGN_MESSAGES.get(text.trim());
}
