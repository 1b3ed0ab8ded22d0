import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { COMPLAINT_IMAGE_MAX_BYTES } from '@cashloan/contract/routes/values';
import { fakeServer, ok } from '../test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../ui/toast.ts', () => toast);
const { ImageUploader } = await import('./ImageUploader.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const UPLOAD = '/h5api/user-problem/upload-problem-img';
const png = (name = 'id.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** The picker as a page holds it: the URLs in state, and whether an upload runs. */
function Holder(props: { max?: number; hint?: string; pickLabel?: string; gridLabel?: string }) {
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <ImageUploader images={images} onAdd={(url) => setImages((list) => [...list, url])} onRemove={(i) => setImages((list) => list.filter((_, j) => j !== i))} onBusyChange={setBusy} {...props} />
      <output data-testid="held">{JSON.stringify({ images, busy })}</output>
    </>
  );
}
const held = () => JSON.parse(screen.getByTestId('held').textContent!) as { images: string[]; busy: boolean };

describe('the shared image picker', () => {
  it("by default follows a complaint's rule: up to 9 images, counted in its hint", () => {
    render(<Holder />);
    const input = screen.getByLabelText('Add image') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Optional: up to 9 images (JPEG, PNG, WebP or GIF, up to 5 MB each), one at a time. 0/9 added.',
    );
  });

  it('with max 1 and its own words: uploads the photo as problemImage, shows it, hides the picker, and brings it back when removed', async () => {
    const requests = fakeServer({ [UPLOAD]: [ok({ url: '/uploads/complaints/aaaa.png' }, '00')] });
    render(<Holder max={1} hint="One photo of a document." pickLabel="Add photo" gridLabel="Document photo" />);
    const input = screen.getByLabelText('Add photo');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('One photo of a document.');
    await userEvent.upload(input, png());
    const grid = await screen.findByRole('list', { name: 'Document photo' });
    expect(within(grid).getByRole('button', { name: 'Document photo: image 1 of 1, open full size' })).toBeTruthy();
    expect(toast.showSuccess).toHaveBeenCalledWith('Upload succeeded!');
    expect(((requests[0]!.body as FormData).get('problemImage') as File).name).toBe('id.png');
    expect(held()).toEqual({ images: ['/uploads/complaints/aaaa.png'], busy: false });
    // One is the most: no picker until it is removed.
    expect(screen.queryByLabelText('Add photo')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(held().images).toEqual([]);
    expect(screen.getByLabelText('Add photo')).toBeTruthy();
  });

  it('says why a photo was not added, with Retry upload and Dismiss', async () => {
    fakeServer({ [UPLOAD]: [{ code: '400', message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.', data: null }, ok({ url: '/uploads/complaints/bbbb.png' }, '00')] });
    render(<Holder max={1} pickLabel="Add photo" />);
    await userEvent.upload(screen.getByLabelText('Add photo'), png());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Image not added: Only JPEG, PNG, WebP or GIF images can be uploaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry upload' }));
    expect(await screen.findByRole('button', { name: 'Attached images: image 1 of 1, open full size' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses on the phone a photo it cannot bring under the size limit, sending nothing', async () => {
    const requests = fakeServer({});
    render(<Holder max={1} pickLabel="Add photo" />);
    await userEvent.upload(screen.getByLabelText('Add photo'), new File([new Uint8Array(COMPLAINT_IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The image is larger than 5 MB. Please choose a smaller image.');
    expect(toast.showFailure).toHaveBeenCalledWith('The image is larger than 5 MB. Please choose a smaller image.');
    expect(requests).toEqual([]);
    expect(held()).toEqual({ images: [], busy: false });
  });
});
