import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataRequestView } from '@cashloan/contract/my-data';
import { fail, fakeServer, ok, renderPage } from '../../shared/test-support/page-harness.tsx';
import { ERASURE_OPEN, MY_DATA, MY_DATA_PATHS as PATHS } from './test-support.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: MyDataPage } = await import('./MyDataPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const NEW_CORRECTION: DataRequestView = {
  refNo: 'DR-20260122-0002',
  kind: 'correction',
  field: 'mobilePhone',
  state: 'open',
  stateTitle: 'Waiting for our answer',
  createdAt: '2026-01-22 09:15:00',
  answerBy: '2026-02-21',
  reason: '',
  doneAt: '',
};
const UPLOAD_PATH = '/h5api/user-problem/upload-problem-img';
const PHOTO_URL = '/uploads/complaints/id-card.png';
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id-card.png', { type: 'image/png' });
const NEW_ERASURE: DataRequestView = { ...NEW_CORRECTION, refNo: 'DR-20260122-0003', kind: 'erasure', field: '' };

const open = async () => {
  renderPage(MyDataPage, '/myData');
  return screen.findByRole('region', { name: 'Your requests' });
};
const requestList = () => screen.getByRole('list', { name: 'Your requests, newest first' });

describe('my data: requests', () => {
  it('lists the requests with reference, field, state, answer date and our answer', async () => {
    fakeServer({ [PATHS.load]: [ok(MY_DATA)] });
    await open();
    const [item] = within(requestList()).getAllByRole('listitem');
    expect(within(item!).getByRole('heading', { level: 3 }).textContent).toBe('Correction: Name');
    const facts = Object.fromEntries(within(item!).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(facts).toEqual({
      Reference: 'DR-20260121-0001',
      State: 'Refused',
      'Asked on': '2026-01-21 10:00:00',
      'We answer by': '2026-02-20',
      'Our answer': 'The name on your ID is the one we hold.',
    });
  });

  it('a correction posts kind, field and value, and the new request appears with its reference and answer date', async () => {
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)], [PATHS.requests]: [ok(NEW_CORRECTION)] });
    await open();
    const form = screen.getByRole('form', { name: 'Ask us to correct your data' });
    // Nothing chosen yet: the form says what is missing and sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Send correction' }));
    expect(within(form).getByText('Choose what is wrong')).toBeTruthy();
    expect(within(form).getByText('Write the correct value')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: 'What is wrong' }));
    expect(requests.some((r) => r.path === PATHS.requests)).toBe(false);

    const select = within(form).getByRole('combobox', { name: 'What is wrong' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'Name', 'Mobile phone', 'Bound bank account', 'Something else']);
    await userEvent.selectOptions(select, 'Mobile phone');
    await userEvent.type(within(form).getByRole('textbox', { name: 'The correct value' }), ' 09171234567 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send correction' }));

    expect(await within(form).findByText('Sent. Your reference is DR-20260122-0002; we answer by 2026-02-21.')).toBeTruthy();
    const sent = requests.filter((r) => r.path === PATHS.requests);
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!.form)).toEqual({ kind: 'correction', field: 'mobilePhone', value: '09171234567' });
    const items = within(requestList()).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Correction: Mobile phone', 'Correction: Name']);
    expect(items[0]!.textContent).toContain('DR-20260122-0002');
    expect(items[0]!.textContent).toContain('2026-02-21');
    // The form is ready for another.
    expect((within(form).getByRole('textbox', { name: 'The correct value' }) as HTMLInputElement).value).toBe('');
  });

  it('a correction may carry one document photo: uploaded with the shared picker, its URL sent as image, the form cleared after', async () => {
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)], [UPLOAD_PATH]: [ok({ url: PHOTO_URL }, '00')], [PATHS.requests]: [ok(NEW_CORRECTION)] });
    await open();
    const form = screen.getByRole('form', { name: 'Ask us to correct your data' });
    const photo = within(form).getByRole('group', { name: 'Document photo (optional)' });
    // The picker's code loads after the first screen.
    const picker = await within(photo).findByLabelText('Add photo');
    expect(document.getElementById(picker.getAttribute('aria-describedby')!)!.textContent).toBe(
      'One photo of a document that shows the correct value, such as your ID: JPEG, PNG, WebP or GIF, up to 5 MB.',
    );
    await userEvent.upload(picker, png());
    expect(await within(photo).findByRole('button', { name: 'Document photo: image 1 of 1, open full size' })).toBeTruthy();
    expect(((requests.find((r) => r.path === UPLOAD_PATH)!.body as FormData).get('problemImage') as File).name).toBe('id-card.png');
    // One photo at most.
    expect(within(photo).queryByLabelText('Add photo')).toBeNull();

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'What is wrong' }), 'name');
    await userEvent.type(within(form).getByRole('textbox', { name: 'The correct value' }), 'Maria Santos');
    await userEvent.click(within(form).getByRole('button', { name: 'Send correction' }));
    expect(await within(form).findByText(/Sent\. Your reference is DR-20260122-0002/)).toBeTruthy();
    const sent = requests.filter((r) => r.path === PATHS.requests);
    expect(Object.fromEntries(sent[0]!.form)).toEqual({ kind: 'correction', field: 'name', value: 'Maria Santos', image: PHOTO_URL });
    // Ready for another: no photo, the picker back.
    expect(within(photo).queryByRole('list', { name: 'Document photo' })).toBeNull();
    expect(within(photo).getByLabelText('Add photo')).toBeTruthy();
  });

  it('waits for the photo to finish uploading before it sends the correction', async () => {
    let finishUpload: () => void = () => undefined;
    const uploaded = new Promise<void>((resolve) => (finishUpload = resolve));
    const requests = fakeServer({
      [PATHS.load]: [ok(MY_DATA)],
      [UPLOAD_PATH]: [async () => (await uploaded, ok({ url: PHOTO_URL }, '00'))],
      [PATHS.requests]: [ok(NEW_CORRECTION)],
    });
    await open();
    const form = screen.getByRole('form', { name: 'Ask us to correct your data' });
    await userEvent.upload(await within(form).findByLabelText('Add photo'), png());
    expect(await within(form).findByText('Uploading image…')).toBeTruthy();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'What is wrong' }), 'name');
    await userEvent.type(within(form).getByRole('textbox', { name: 'The correct value' }), 'Maria Santos');
    await userEvent.click(within(form).getByRole('button', { name: 'Send correction' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please wait until the photo has finished uploading.');
    expect(requests.some((r) => r.path === PATHS.requests)).toBe(false);

    finishUpload();
    await within(form).findByRole('button', { name: 'Document photo: image 1 of 1, open full size' });
    expect(within(form).queryByRole('alert')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Send correction' }));
    await within(form).findByText(/DR-20260122-0002/);
    expect(requests.filter((r) => r.path === PATHS.requests).map((r) => r.form.get('image'))).toEqual([PHOTO_URL]);
  });

  it('a correction that fails on the way is told with a Retry that sends it again', async () => {
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)], [PATHS.requests]: ['network', ok(NEW_CORRECTION)] });
    await open();
    const form = screen.getByRole('form', { name: 'Ask us to correct your data' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'What is wrong' }), 'name');
    await userEvent.type(within(form).getByRole('textbox', { name: 'The correct value' }), 'Maria Santos');
    await userEvent.click(within(form).getByRole('button', { name: 'Send correction' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Network error');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(form).findByText(/DR-20260122-0002/)).toBeTruthy();
    expect(requests.filter((r) => r.path === PATHS.requests).map((r) => r.form.get('value'))).toEqual(['Maria Santos', 'Maria Santos']);
  });

  it('erasure: says what the law keeps, asks in a dialog, and a refusal is shown as its text', async () => {
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)], [PATHS.requests]: [fail(409, ERASURE_OPEN)] });
    await open();
    const erasure = screen.getByRole('region', { name: 'Ask us to erase your data' });
    const facts = Object.fromEntries(within(erasure).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(facts).toEqual({
      'What we keep': 'Your loan and payment records',
      'How long': 'For 5 years after your last loan closes',
      'The law': 'Anti-Money Laundering Act (RA 9160, as amended)',
    });

    const ask = within(erasure).getByRole('button', { name: 'Ask to erase my data' });
    await userEvent.click(ask);
    const dialog = await screen.findByRole('dialog', { name: 'Erase your data?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(requests.some((r) => r.path === PATHS.requests)).toBe(false);

    // Cancel sends nothing and gives focus back.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(ask);
    expect(requests.some((r) => r.path === PATHS.requests)).toBe(false);

    await userEvent.click(ask);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, ask to erase' }));
    const alert = await within(erasure).findByRole('alert');
    expect(alert.textContent).toBe(ERASURE_OPEN);
    // A refusal: sending the same again would be refused again, so no Retry.
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = requests.filter((r) => r.path === PATHS.requests);
    expect(sent.map((r) => Object.fromEntries(r.form))).toEqual([{ kind: 'erasure' }]);
  });

  it('erasure accepted: the request appears with its reference and answer date; a known date says until when', async () => {
    fakeServer({
      [PATHS.load]: [ok({ ...MY_DATA, requests: [], retention: { ...MY_DATA.retention, keptUntil: '2031-03-31' } })],
      [PATHS.requests]: [ok(NEW_ERASURE)],
    });
    await open();
    expect(screen.getByText('You have not asked us to correct or erase your data.')).toBeTruthy();
    expect(screen.getByText('Until 2031-03-31')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to erase my data' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, ask to erase' }));
    expect(await screen.findByText('Sent. Your reference is DR-20260122-0003; we answer by 2026-02-21.')).toBeTruthy();
    const [item] = within(requestList()).getAllByRole('listitem');
    expect(within(item!).getByRole('heading').textContent).toBe('Erasure of your data');
    expect(item!.textContent).toContain('DR-20260122-0003');
  });
});
