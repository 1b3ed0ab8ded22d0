/**
 * The line uploads stand in to be re-encoded: a few decode at once, a bounded number wait, and the
 * next one is turned away at once instead of holding its file in memory for as long as it takes.
 */

/**
 * Re-encodes running at once. A 40-megapixel photo takes about 250–360 MB while it is decoded
 * (docs/complaints.md), so this bounds the memory decoding takes.
 */
export const MAX_PARALLEL_REENCODES = 2;
/**
 * Uploads waiting for a turn, each holding its file (at most 5 MB: 150 MB together). 30 is one
 * borrower's hourly quota, and even when every image ahead is a 40-megapixel one (up to 3 s each,
 * two at a time) the last in line is done in about 45 s, inside the H5's 60 s time-out.
 */
export const MAX_WAITING_REENCODES = 30;

export class ReencodeQueueFullError extends Error {
  constructor() {
    super('the re-encode queue is full');
    this.name = 'ReencodeQueueFullError';
  }
}

export interface ReencodeQueue {
  /** Whether work offered now would be turned away (a cheap check before reading a file). */
  isFull(): boolean;
  /** Runs `work` in its turn, first come first served; rejects with ReencodeQueueFullError at once when full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createReencodeQueue(limits: { parallel: number; waiting: number } = { parallel: MAX_PARALLEL_REENCODES, waiting: MAX_WAITING_REENCODES }): ReencodeQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  const isFull = () => running >= limits.parallel && waiting.length >= limits.waiting;

  async function turn(): Promise<void> {
    if (running < limits.parallel) {
      running += 1;
      return;
    }
    if (waiting.length >= limits.waiting) throw new ReencodeQueueFullError();
    // The work that finishes hands its place straight to the first waiter (see done).
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function done(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    isFull,
    async run(work) {
      await turn();
      try {
        return await work();
      } finally {
        done();
      }
    },
  };
}
