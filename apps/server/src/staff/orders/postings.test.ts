/**
 * Maker-checker on finance's postings (issue 34): a posting above POSTING_APPROVAL_ABOVE_MINOR waits
 * for a second finance user, who applies it or rejects it; its maker can do neither.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('POSTING_APPROVAL_ABOVE_MINOR', () => {
  it('is ₱10,000.00 unless set; a whole number of minor units from 0, anything else stops the start naming it', () => {
    expect(loadConfig({}).POSTING_APPROVAL_ABOVE_MINOR).toBe(1_000_000);
    expect(loadConfig({ POSTING_APPROVAL_ABOVE_MINOR: ' 2500000 ' }).POSTING_APPROVAL_ABOVE_MINOR).toBe(2_500_000);
    expect(loadConfig({ POSTING_APPROVAL_ABOVE_MINOR: '0' }).POSTING_APPROVAL_ABOVE_MINOR).toBe(0);
    for (const bad of ['', '-1', '10000.50', '1e6', 'ten thousand', '100000000001']) {
      expect(() => loadConfig({ POSTING_APPROVAL_ABOVE_MINOR: bad }), bad).toThrow(/Invalid configuration: POSTING_APPROVAL_ABOVE_MINOR: must be a whole number of minor units/);
    }
  });
});
