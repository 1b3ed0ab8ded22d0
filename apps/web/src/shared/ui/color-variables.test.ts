import { describe, expect, it } from 'vitest';
import { colorVariables } from './color-variables.ts';

describe('colorVariables', () => {
  it('keeps #rrggbb colours and leaves out anything else', () => {
    expect(colorVariables({ '--a': '#0f766e', '--b': 'red;x:y', '--c': '#fff', '--d': 'url(x)', '--e': '#1F2937' })).toEqual({ '--a': '#0f766e', '--e': '#1F2937' });
  });
});
