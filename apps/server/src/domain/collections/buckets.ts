/** The queue's buckets by days past due (COLLECTION_BUCKETS: the day each starts at, ascending from 1). */
import { bucketName } from '@cashloan/contract';

/** The bucket an order this many days past due is in, or null when it is not past due. */
export function bucketOf(daysPastDue: number, starts: readonly number[]): string | null {
  if (daysPastDue < (starts[0] ?? 1)) return null;
  let index = 0;
  while (index + 1 < starts.length && daysPastDue >= starts[index + 1]!) index++;
  return bucketName(starts, index);
}

/** Every bucket's name, in order. */
export const bucketNames = (starts: readonly number[]): string[] => starts.map((_, i) => bucketName(starts, i));
