import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProblemInit } from '@cashloan/contract/complaints';
import { DRAFT_KEY } from '../complaint-draft.ts';
import { fakeServer, ok, renderPage } from '../test-support.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: ComplaintFormPage, SUCCESS_MODAL_MS } = await import('./ComplaintFormPage.tsx');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const INIT: ProblemInit = {
  problemType: [
    { value: '1', title: 'Collection' },
    { value: '5', title: 'App problem' },
  ],
  problemSonType: [{ value: '13', title: 'Calls at unreasonable hours' }],
  orderDetail: null,
  orderList: [{ orderNo: 'PN-9', productLogo: '/logos/pesonow-cash.svg', productName: 'PesoNow Cash', status: 180, isShow: 1, list: [] }],
};
const PATHS = {
  init: '/h5api/user-problem/problem-init',
  upload: '/h5api/user-problem/upload-problem-img',
  save: '/h5api/user-problem/problem-save',
};
const FORM_URL = '/complainPageNext?problemType=1&problemSonType=13&orderNo=PN-9';
const png = (name = 'photo.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const description = () => screen.getByRole('textbox', { name: 'Description' });

describe('complaint step two', () => {
  it('shows the chosen type, sub-type and order, and counts the description up to 200', async () => {
    fakeServer({ [PATHS.init]: [ok(INIT)] });
    renderPage(ComplaintFormPage, FORM_URL);
    expect(await screen.findByText('Collection · Calls at unreasonable hours')).toBeTruthy();
    expect(screen.getByText('PesoNow Cash · PN-9')).toBeTruthy();
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(description().getAttribute('placeholder')).toBe('Please fill in your comments and suggestions');
    await userEvent.type(description(), 'Calls at 2 am');
    expect(screen.getByText('13/200')).toBeTruthy();
    await userEvent.clear(description());
    await userEvent.click(description());
    await userEvent.paste('x'.repeat(250));
    expect((description() as HTMLTextAreaElement).value).toHaveLength(200);
    expect(screen.getByText('200/200')).toBeTruthy();
    expect(screen.getByText('We will review your complaint within 3 weekdays.')).toBeTruthy();
  });

  it("asks for a description with 'Please fill in your comments and suggestions' and sends nothing", async () => {
    const requests = fakeServer({ [PATHS.init]: [ok(INIT)] });
    renderPage(ComplaintFormPage, FORM_URL);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(toast.showToast).toHaveBeenCalledWith('Please fill in your comments and suggestions');
    expect(requests.filter((r) => r.path === PATHS.save)).toHaveLength(0);
  });

  it("uploads a picked image as problemImage, says 'Upload succeeded!' and shows it; a refused one shows why and retries", async () => {
    const requests = fakeServer({
      [PATHS.init]: [ok(INIT)],
      [PATHS.upload]: [
        ok({ url: '/uploads/complaints/aaaa.png' }),
        { code: '400', message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.', data: null },
        ok({ url: '/uploads/complaints/bbbb.png' }),
      ],
    });
    renderPage(ComplaintFormPage, FORM_URL);
    await userEvent.upload(await screen.findByLabelText('Add image'), png());
    expect(await screen.findByRole('button', { name: 'Attached images: image 1 of 1, open full size' })).toBeTruthy();
    expect(toast.showSuccess).toHaveBeenCalledWith('Upload succeeded!');
    const sent = requests.find((r) => r.path === PATHS.upload)!;
    expect(sent.body).toBeInstanceOf(FormData);
    expect(((sent.body as FormData).get('problemImage') as File).name).toBe('photo.png');

    await userEvent.upload(screen.getByLabelText('Add image'), png('second.png'));
    expect((await screen.findByRole('alert')).textContent).toContain('Only JPEG, PNG, WebP or GIF images can be uploaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    expect(await screen.findByRole('button', { name: 'Attached images: image 2 of 2, open full size' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByRole('button', { name: 'Attached images: image 1 of 1, open full size' })).toBeTruthy();
  });

  it('hides the picker once 9 images are attached', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `/uploads/complaints/${String(i).repeat(4)}.png`);
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ problemType: '1', problemSonType: '13', orderNo: 'PN-9', detail: 'Draft', images: nine }));
    fakeServer({ [PATHS.init]: [ok(INIT)] });
    renderPage(ComplaintFormPage, FORM_URL);
    expect(await screen.findByRole('button', { name: 'Attached images: image 9 of 9, open full size' })).toBeTruthy();
    expect(screen.queryByLabelText('Add image')).toBeNull();
    expect((description() as HTMLTextAreaElement).value).toBe('Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image 9' }));
    expect(screen.getByLabelText('Add image')).toBeTruthy();
  });

  it('sends the complaint, shows the success modal for 1.5 s, then replaces the page with the complaint home and clears the draft', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests = fakeServer({ [PATHS.init]: [ok(INIT)], [PATHS.upload]: [ok({ url: '/uploads/complaints/cccc.png' })], [PATHS.save]: [ok({ problemId: 12, ticketNo: 'CMP-20261126-0042', answerBy: '2026-12-02' })] });
    const { history } = renderPage(ComplaintFormPage, FORM_URL);
    await user.type(await screen.findByRole('textbox', { name: 'Description' }), '  Calls at 2 am.  ');
    await user.upload(screen.getByLabelText('Add image'), png());
    await screen.findByRole('button', { name: /image 1 of 1/ });
    expect(localStorage.getItem(DRAFT_KEY)).toContain('Calls at 2 am.');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const modal = await screen.findByRole('dialog', { name: 'Complaint sent' });
    // Ours (issue 23): the reference and the promised answer date.
    expect(modal.textContent).toContain('Your reference is CMP-20261126-0042.');
    expect(modal.textContent).toContain('You will have our answer by 2 Dec 2026.');
    const saved = requests.find((r) => r.path === PATHS.save)!;
    expect(Object.fromEntries(saved.form)).toEqual({
      problemType: '1',
      problemSonType: '13',
      orderNo: 'PN-9',
      problemDetail: 'Calls at 2 am.',
      problemImage: '/uploads/complaints/cccc.png',
    });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();

    act(() => vi.advanceTimersByTime(SUCCESS_MODAL_MS - 400));
    expect(screen.getByRole('dialog', { name: 'Complaint sent' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(400));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/complainPage\?/));
    // Replaced: going back does not return to the sent form.
    expect(history.snapshot().action).toBe('REPLACE');
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("keeps the words when sending fails, shows the server's reason, and Send tries again", async () => {
    fakeServer({
      [PATHS.init]: [ok(INIT)],
      [PATHS.save]: [{ code: '409', message: 'El pedido seleccionado no admite el envío de tipo de colección.', data: null }, ok({ problemId: 3 })],
    });
    renderPage(ComplaintFormPage, FORM_URL);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Description' }), 'Help');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('El pedido seleccionado no admite el envío de tipo de colección.');
    expect((description() as HTMLTextAreaElement).value).toBe('Help');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Complaint sent' })).toBeTruthy();
  });

  it("files order details' \"I dispute this amount\" (issue 38): collection sub-type 17 on the order of the link", async () => {
    const withDispute: ProblemInit = { ...INIT, problemSonType: [...INIT.problemSonType, { value: '17', title: 'I dispute this amount' }] };
    const requests = fakeServer({ [PATHS.init]: [ok(withDispute)], [PATHS.save]: [ok({ problemId: 21 })] });
    renderPage(ComplaintFormPage, '/complainPageNext?problemType=1&problemSonType=17&orderNo=PN-9&productId=3&orderId=7');
    expect(await screen.findByText('Collection · I dispute this amount')).toBeTruthy();
    expect(screen.getByText('PesoNow Cash · PN-9')).toBeTruthy();
    await userEvent.type(description(), 'The late penalty is more than my contract says.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Complaint sent' });
    expect(Object.fromEntries(requests.find((r) => r.path === PATHS.save)!.form)).toEqual({
      problemType: '1',
      problemSonType: '17',
      orderNo: 'PN-9',
      problemDetail: 'The late penalty is more than my contract says.',
      problemImage: '',
    });
  });

  it('explains a choice that does not exist and links back to the start', async () => {
    fakeServer({ [PATHS.init]: [ok(INIT)] });
    renderPage(ComplaintFormPage, '/complainPageNext?problemType=1&problemSonType=&orderNo=PN-9');
    expect((await screen.findByRole('alert')).textContent).toContain('This question type is not available');
    expect(screen.getByRole('link', { name: 'Choose again' }).getAttribute('href')).toMatch(/^\/complainPage\?/);
  });
});
