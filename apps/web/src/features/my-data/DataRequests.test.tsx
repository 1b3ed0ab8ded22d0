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
