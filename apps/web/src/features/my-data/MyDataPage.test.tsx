import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeServer, ok, pdfFile, renderPage } from '../../shared/test-support/page-harness.tsx';
import { consent, MY_DATA, MY_DATA_PATHS as PATHS, SERVICING_LOCKED } from './test-support.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: MyDataPage } = await import('./MyDataPage.tsx');

type Host = { LoanBridge?: unknown; webkit?: unknown };
afterEach(() => {
  delete (window as unknown as Host).webkit;
  delete (window as unknown as Host).LoanBridge;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const open = () => renderPage(MyDataPage, '/myData');
const section = (name: string) => screen.getByRole('region', { name });

describe('my data: consents', () => {
  it('lists each purpose with its words, its state and a switch named by its title', async () => {
    fakeServer({ [PATHS.load]: [ok(MY_DATA)] });
    open();
    const consents = await screen.findByRole('region', { name: 'Your consents' });
    expect(document.title).toBe('My data');
    expect(screen.getByRole('heading', { level: 1, name: 'My data' })).toBeTruthy();
    expect(within(consents).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Loan servicing',
      'Payment reminders by SMS',
      'Offers and news',
      'Sharing with a credit bureau',
    ]);
    const switches = within(consents).getAllByRole('switch') as HTMLInputElement[];
    expect(switches.map((s) => s.tagName)).toEqual(['INPUT', 'INPUT', 'INPUT', 'INPUT']);
    expect(switches.map((s) => s.checked)).toEqual([true, true, false, false]);
    const reminders = within(consents).getByRole('switch', { name: 'Payment reminders by SMS' });
    expect(reminders.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent)).toEqual([
      'What Payment reminders by SMS means.',
      'On: you agreed on 2026-01-12',
    ]);
    expect(within(consents).getByText('Off: you withdrew it on 2026-01-20')).toBeTruthy();
  });

  it('withdraws with one tap: posts the purpose and granted=0, and shows the answer', async () => {
    const requests = fakeServer({
      [PATHS.load]: [ok(MY_DATA)],
      [PATHS.consent]: [ok(consent('payment_reminders', false, { changedAt: '2026-01-22 08:00:00' }))],
    });
    open();
    const reminders = (await screen.findByRole('switch', { name: 'Payment reminders by SMS' })) as HTMLInputElement;
    await userEvent.click(reminders);
    expect(await screen.findByText('Off: you withdrew it on 2026-01-22')).toBeTruthy();
    expect(reminders.checked).toBe(false);
    const posted = requests.filter((r) => r.path === PATHS.consent);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.method).toBe('POST');
    expect(Object.fromEntries(posted[0]!.form)).toEqual({ purpose: 'payment_reminders', granted: '0' });
    // No confirmation step: nothing else opened.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('grants with one tap too (granted=1)', async () => {
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)], [PATHS.consent]: [ok(consent('marketing', true))] });
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Offers and news' }));
    expect(await screen.findAllByText('On: you agreed on 2026-01-12')).toHaveLength(3);
    expect(requests.find((r) => r.path === PATHS.consent)!.form.get('granted')).toBe('1');
  });

  it('a servicing consent that cannot be withdrawn: the switch is disabled and the reason is beside it', async () => {
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)] });
    open();
    const servicing = (await screen.findByRole('switch', { name: 'Loan servicing' })) as HTMLInputElement;
    expect(servicing.disabled).toBe(true);
    expect(servicing.checked).toBe(true);
    const reason = screen.getByText(SERVICING_LOCKED);
    expect(servicing.getAttribute('aria-describedby')!.split(' ')).toContain(reason.id);
    expect(servicing.closest('li')!.contains(reason)).toBe(true);
    await userEvent.click(servicing);
    expect(requests.some((r) => r.path === PATHS.consent)).toBe(false);
  });

  it("a failed change puts the switch back, tells the server's message, and Retry sends it again", async () => {
    fakeServer({
      [PATHS.load]: [ok(MY_DATA)],
      [PATHS.consent]: [fail(500, 'Something went wrong on our side. Please try again.'), ok(consent('payment_reminders', false))],
    });
    open();
    const reminders = (await screen.findByRole('switch', { name: 'Payment reminders by SMS' })) as HTMLInputElement;
    await userEvent.click(reminders);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not turn it off: Something went wrong on our side. Please try again.');
    expect(reminders.checked).toBe(true);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Off: you withdrew it on 2026-01-12')).toBeTruthy();
    expect(reminders.checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('my data: recipients and downloads', () => {
  it('lists who receives the data, with what and why', async () => {
    fakeServer({ [PATHS.load]: [ok(MY_DATA)] });
    open();
    await screen.findByRole('region', { name: 'Who receives your data' });
    const list = within(section('Who receives your data')).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toBe('SMS gatewayWhat: Your phone number and the text of each messageWhy: To send you reminders, codes and answers');
  });

  it('Download as JSON saves the content under the file name the server gave, as application/json (a browser: a Blob)', async () => {
    fakeServer({ [PATHS.load]: [ok(MY_DATA)], [PATHS.exportJson]: [ok({ fileName: 'my-data-U1.json', content: '{"profile":{"name":"Maria"}}' })] });
    const blobs: Blob[] = [];
    vi.spyOn(console, 'info').mockImplementation(() => {});
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:h5/my-data')), revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Download as JSON' }));
    expect(await screen.findByText('Downloaded my-data-U1.json')).toBeTruthy();
    expect(clicked.map((a) => ({ href: a.href, download: a.download }))).toEqual([{ href: 'blob:h5/my-data', download: 'my-data-U1.json' }]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('application/json');
    // (jsdom's Blob cannot read another realm's bytes back: its size says the content went in whole; the app test below reads it.)
    expect(blobs[0]!.size).toBe('{"profile":{"name":"Maria"}}'.length);
  });

  it('Download as JSON in the app hands the file to the host (saveFile), its bytes the content', async () => {
    const posted: unknown[] = [];
    (window as unknown as Host).webkit = { messageHandlers: { saveFile: { postMessage: (payload: unknown) => posted.push(payload) } } };
    const content = '{"profile":{"name":"María"}}';
    const requests = fakeServer({ [PATHS.load]: [ok(MY_DATA)], [PATHS.exportJson]: [ok({ fileName: 'my-data-U1.json', content })] });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Download as JSON' }));
    expect(await screen.findByText('Sent to your phone: my-data-U1.json')).toBeTruthy();
    expect(posted).toEqual([{ fileName: 'my-data-U1.json', mimeType: 'application/json', base64: btoa(String.fromCharCode(...new TextEncoder().encode(content))) }]);
    expect(requests.filter((r) => r.path === PATHS.exportJson).map((r) => r.method)).toEqual(['POST']);
  });

  it('Download as PDF: a failure is told with its reason and Retry downloads it', async () => {
    const posted: unknown[] = [];
    (window as unknown as Host).webkit = { messageHandlers: { saveFile: { postMessage: (payload: unknown) => posted.push(payload) } } };
    const requests = fakeServer({
      [PATHS.load]: [ok(MY_DATA)],
      [PATHS.pdf]: [fail(500, 'Please try again later'), pdfFile(new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'my-data-U1.pdf')],
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Download as PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not download your data: Please try again later');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent to your phone: my-data-U1.pdf')).toBeTruthy();
    expect(posted).toEqual([{ fileName: 'my-data-U1.pdf', mimeType: 'application/pdf', base64: 'JVBERg==' }]);
    expect(requests.filter((r) => r.path === PATHS.pdf).map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('a failed load shows the message and Retry loads again', async () => {
    fakeServer({ [PATHS.load]: [fail(401, 'Your session has expired. Please log in again.'), ok(MY_DATA)] });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your session has expired. Please log in again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Your consents' })).toBeTruthy();
  });
});
