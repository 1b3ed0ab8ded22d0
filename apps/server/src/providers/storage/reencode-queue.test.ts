import { describe, expect, it } from 'vitest';
import { createReencodeQueue, ReencodeQueueFullError } from './reencode-queue.ts';

/** Work that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createReencodeQueue', () => {
  it('runs `parallel` at once, lets `waiting` wait, and turns the next away at once', async () => {
    const queue = createReencodeQueue({ parallel: 2, waiting: 1 });
    const started: number[] = [];
    const jobs = [held(), held(), held()];
    const runs = jobs.map((job, i) => queue.run(() => (started.push(i), job.work())));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.isFull()).toBe(true);
    await expect(queue.run(() => Promise.resolve('never'))).rejects.toBeInstanceOf(ReencodeQueueFullError);

    jobs[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(queue.isFull()).toBe(false);
    jobs[1]!.finish();
    jobs[2]!.finish();
    await Promise.all(runs);
    expect(await queue.run(() => Promise.resolve('ran'))).toBe('ran');
  });

  it('serves waiters first come, first served, and frees the place of work that fails', async () => {
    const queue = createReencodeQueue({ parallel: 1, waiting: 2 });
    const order: string[] = [];
    const first = held();
    const running = queue.run(first.work);
    const earlier = queue.run(async () => void order.push('earlier'));
    const later = queue.run(async () => void order.push('later'));
    first.finish();
    await Promise.all([running, earlier, later]);
    expect(order).toEqual(['earlier', 'later']);

    await expect(queue.run(() => Promise.reject(new Error('undecodable')))).rejects.toThrow('undecodable');
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
  });
});
