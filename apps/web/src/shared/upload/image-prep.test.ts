import { describe, expect, it } from 'vitest';
import { COMPLAINT_IMAGE_MAX_BYTES } from '@cashloan/contract/routes/values';
import { fitWithin, ImageTooLargeError, prepareForUpload, TOO_LARGE_MESSAGE } from './image-prep.ts';

describe('fitWithin', () => {
  it('scales the longer side down to the limit and keeps the shape', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1536, height: 2048 });
  });
  it('never scales up', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('prepareForUpload', () => {
  it('sends an image within the limit untouched', async () => {
    const file = new File([new Uint8Array(10)], 'receipt.png', { type: 'image/png' });
    expect(await prepareForUpload(file)).toEqual({ image: file, name: 'receipt.png' });
  });
  it('refuses with the size message when an oversize image cannot be redrawn smaller', async () => {
    const file = new File([new Uint8Array(COMPLAINT_IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await expect(prepareForUpload(file)).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(prepareForUpload(file)).rejects.toThrow(TOO_LARGE_MESSAGE);
    expect(TOO_LARGE_MESSAGE).toBe('The image is larger than 5 MB. Please choose a smaller image.');
  });
});
