import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyTaps } from './early-taps.ts';

afterEach(() => {
  document.body.replaceChildren();
  delete window.__takeEarlyTaps;
});

describe('replayEarlyTaps', () => {
  it('clicks each kept control once, in order, and submits a kept form; a control no longer on the page is dropped', () => {
    const done: string[] = [];
    const first = document.createElement('button');
    first.onclick = () => done.push('first');
    const second = document.createElement('input');
    second.type = 'checkbox';
    second.onclick = () => done.push(`second ${second.checked}`);
    const form = document.createElement('form');
    form.onsubmit = (event) => {
      event.preventDefault();
      done.push('form');
    };
    const gone = document.createElement('button');
    gone.onclick = () => done.push('gone');
    document.body.append(first, second, form);
    const take = vi.fn(() => [second, gone, first, form]);
    window.__takeEarlyTaps = take;

    replayEarlyTaps();

    expect(done).toEqual(['second true', 'first', 'form']);
    expect(take).toHaveBeenCalledTimes(1);
    // Taken once: a later call (another page's effect) finds nothing to replay.
    expect(window.__takeEarlyTaps).toBeUndefined();
    replayEarlyTaps();
    expect(done).toHaveLength(3);
  });
});
