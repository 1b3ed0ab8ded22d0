import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzipAround } from './gzip-around.ts';

const BEFORE = Buffer.from(`<!doctype html><html><head><style>${'.card{padding:16px;color:#222}'.repeat(200)}</style></head><body>`);
const AFTER = Buffer.from('<script data-entry="/assets/index.js">(function(){})()</script></body></html>');

describe('gzipAround', () => {
  it('makes a gzip stream of the whole page, whatever its middle: gunzip and the gzip program read it back byte for byte', () => {
    const wrap = gzipAround(BEFORE, AFTER);
    const middle = Buffer.from('<div id="root"><p>Loan amount ₱5,000.00 — ऋण राशि</p></div>');
    const page = Buffer.concat([BEFORE, middle, AFTER]);
    const gzipped = wrap(middle);
    expect(gunzipSync(gzipped).equals(page)).toBe(true);
    // The gzip program checks the trailer (CRC-32 and length) too.
    expect(execFileSync('gzip', ['-dc'], { input: gzipped }).equals(page)).toBe(true);
    // The sides are compressed once: the page is far smaller than what it holds.
    expect(gzipped.length).toBeLessThan(page.length / 4);
  });

  it('holds for any middle, the empty one included, and any sides', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (before, middle, after) => {
        const wrap = gzipAround(Buffer.from(before), Buffer.from(after));
        expect(gunzipSync(wrap(Buffer.from(middle))).equals(Buffer.concat([before, middle, after]))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
