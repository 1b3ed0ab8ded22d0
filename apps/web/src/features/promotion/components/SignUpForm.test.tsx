import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import { NETWORK_FAILURE_MESSAGE } from '../../../shared/http/client.ts';
import { SignUpForm } from './SignUpForm.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn(() => () => undefined) }));
vi.mock('../../../shared/ui/toast.ts', () => toast);

const TEMPLATE: LandingTemplate = {
  id: 1,
  appName: 'PesoNow',
  title: 'Cash in minutes',
  subtitle: '',
  highlights: [],
  bannerUrl: '/promo/banner-cash.svg',
  bannerAlt: 'banner',
  buttonText: 'Register now',
  downloadUrl: 'https://pesonow.example/app',
  colors: { primary: '#0f766e', background: '#f3f6f6', text: '#1f2937' },
  phoneRule: 'default',
  agreement: { title: 'Registration Agreement', sections: [] },
};
const PARAMS = { templateId: '1', source: 's', inviteCode: 'F1', userFrom: 'fb', appFrom: 'h5', utmTag: 'nov', deviceId: '', merchantNumber: '' };

/** Answers get-sid with sid-1, sid-2, … (or fails while `sidDown`), and get-sms / register with the queued envelopes. */
function fakeServer(answers: { sms?: unknown[]; register?: unknown[] } = {}) {
  let sids = 0;
  const state = { sidDown: false, requests: [] as Array<{ path: string; body: URLSearchParams; query: URLSearchParams }> };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://h5.test');
      state.requests.push({ path: parsed.pathname, body: new URLSearchParams(typeof init.body === 'string' ? init.body : ''), query: parsed.searchParams });
      const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (parsed.pathname.endsWith('/get-sid')) {
        if (state.sidDown) throw new TypeError('offline');
        sids += 1;
        return json({ code: 0, message: 'success', data: { sid: `sid-${sids}` } });
      }
      const queue = parsed.pathname.endsWith('/get-sms') ? answers.sms : parsed.pathname.endsWith('/register') ? answers.register : undefined;
      const next = queue?.shift();
      if (next === 'offline') throw new TypeError('offline');
      return json(next ?? { code: 0, message: 'success', data: {} });
    }),
  );
  return state;
}

function renderForm(onRegistered = vi.fn()) {
  render(<SignUpForm template={TEMPLATE} params={PARAMS} templateId="1" agreementLink={<a href="#/agreementTemplate">Registration Agreement</a>} onRegistered={onRegistered} />);
  return onRegistered;
}
const image = () => screen.getByRole('button', { name: 'New image code' }).querySelector('img');
const sidOf = (img: HTMLImageElement | null) => new URL(img!.getAttribute('src')!, 'http://h5.test').searchParams.get('sid');

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('SignUpForm', () => {
  it('shows the image of a new captcha session, and a new image of the same session on tap once a phone is there', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(image()).not.toBeNull());
    expect(sidOf(image())).toBe('sid-1');
    expect(server.requests[0]!.query.get('templateId')).toBe('1');
    const first = image()!.getAttribute('src');

    await user.click(screen.getByRole('button', { name: 'New image code' }));
    expect(toast.showInfo).toHaveBeenCalledWith('Please enter your mobile number first');
    expect(image()!.getAttribute('src')).toBe(first);

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '13912345678');
    await user.click(screen.getByRole('button', { name: 'New image code' }));
    expect(sidOf(image())).toBe('sid-1');
    expect(image()!.getAttribute('src')).not.toBe(first);
  });

  it('gets a new session by itself when an image fails once, then shows the failure with a Retry', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(sidOf(image())).toBe('sid-1'));
    fireEvent.error(image()!);
    await waitFor(() => expect(sidOf(image())).toBe('sid-2'));
    fireEvent.error(image()!);
    expect(await screen.findByText('Could not load the image code.')).toBeTruthy();

    server.sidDown = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Could not load the image code.')).toBeTruthy();
    server.sidDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sidOf(image())).toBe('sid-3'));
    expect(screen.queryByText('Could not load the image code.')).toBeNull();
  });

  it('sends the SMS request with the attribution; a network failure is told and the button works again', async () => {
    const server = fakeServer({ sms: ['offline', { code: 0, message: 'success', data: {} }] });
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(image()).not.toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '13912345678');
    await user.type(screen.getByRole('textbox', { name: 'Image code' }), 'ac3e');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith(NETWORK_FAILURE_MESSAGE));
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
    const sent = server.requests.filter((r) => r.path.endsWith('/get-sms')).at(-1)!.body;
    expect(Object.fromEntries(sent)).toMatchObject({ phone: '13912345678', capcode: 'ac3e', sid: 'sid-1', appName: 'PesoNow', user_from: 'fb', app_from: 'h5', utm_tag: 'nov' });
    expect(toast.showSuccess).toHaveBeenCalledWith('Code sent. Please check your text messages.');
  });

  it('answers 101 with a new image and the message, and 11 with the already-registered prompt', async () => {
    fakeServer({
      sms: [
        { code: 101, message: 'The image code is wrong or has expired. Please enter the new image code.', data: null },
        { code: 11, message: 'This mobile number is already registered. Please download the app and log in.', data: null },
      ],
    });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderForm(onRegistered);
    await waitFor(() => expect(image()).not.toBeNull());
    const first = image()!.getAttribute('src');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '13912345678');
    await user.type(screen.getByRole('textbox', { name: 'Image code' }), 'AAAA');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(toast.showFailure).toHaveBeenCalledWith('The image code is wrong or has expired. Please enter the new image code.'));
    await waitFor(() => expect(image()!.getAttribute('src')).not.toBe(first));
    expect((screen.getByRole('textbox', { name: 'Image code' }) as HTMLInputElement).value).toBe('');

    await user.type(screen.getByRole('textbox', { name: 'Image code' }), 'CCCC');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Already registered' });
    expect(prompt.textContent).toContain('This mobile number is already registered. Please download the app and log in.');
    await user.click(screen.getByRole('button', { name: 'Download PesoNow' }));
    expect(onRegistered).toHaveBeenCalledWith(true);
  });

  it('registers with the attribution and the landing id, and answers -1 with a new image', async () => {
    const server = fakeServer({
      register: [{ code: -1, message: 'The image code is wrong or has expired. Please enter the new image code.', data: null }, { code: 0, message: 'success', data: { userId: 'U1' } }],
    });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderForm(onRegistered);
    await waitFor(() => expect(image()).not.toBeNull());
    const first = image()!.getAttribute('src');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '13912345678');
    await user.type(screen.getByRole('textbox', { name: 'Image code' }), 'AC3E');
    await user.type(screen.getByRole('textbox', { name: 'SMS code' }), '604219');
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    await waitFor(() => expect(image()!.getAttribute('src')).not.toBe(first));
    expect(onRegistered).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Image code' }), 'XY79');
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(false));
    const sent = server.requests.filter((r) => r.path.endsWith('/register')).at(-1)!.body;
    expect(Object.fromEntries(sent)).toMatchObject({ phone: '13912345678', capcode: 'XY79', smsCode: '604219', sid: 'sid-1', id: '1', invite_code: 'F1', user_from: 'fb', app_from: 'h5', utm_tag: 'nov' });
    // The marketing box was left as it came: unticked, sent as '0'.
    expect(sent.get('marketingConsent')).toBe('0');
    // Each tap on Register is counted.
    expect(server.requests.filter((r) => r.path.endsWith('/track-click'))).toHaveLength(2);
  });

  it('shows before Register the words and version of each purpose registering agrees to, the ones the server records, apart from the marketing box', async () => {
    fakeServer();
    renderForm();
    await waitFor(() => expect(image()).not.toBeNull());
    const list = screen.getByRole('list', { name: 'What you agree to by registering' });
    const notice = list.parentElement!;
    expect(notice.firstElementChild!.textContent).toBe('By registering you agree that we use your details for:');
    // CONSENT_TEXTS.loan_servicing and .payment_reminders, version v1: what the ledger records with channel 'sign-up'.
    expect(Array.from(list.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'Loan servicing (version v1): We use your name, phone, bound account and loan records to give you the loan, take your payments, answer your complaints and keep the records the law requires. This is needed for your loan contract.',
      'Payment reminders by SMS (version v1): We send SMS reminders before and after a due date to the phone on your account. You can stop them here or by replying STOP.',
    ]);
    expect(notice.textContent).toContain('on the My data screen of the app, you can withdraw payment reminders at any time');
    // Plain notice text before Register, which it describes; the only box is marketing's, unticked and outside it.
    const register = screen.getByRole('button', { name: 'Register now' });
    expect(notice.compareDocumentPosition(register) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(register.getAttribute('aria-describedby')).toBe(notice.id);
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.labels?.[0]?.textContent, b.checked])).toEqual([['Send me offers and news by SMS', false]]);
    expect(notice.contains(boxes[0]!)).toBe(false);
  });

  it('asks for marketing consent with its own box, unticked by default, and sends what the visitor chose', async () => {
    const server = fakeServer({ register: [{ code: 0, message: 'success', data: { userId: 'U1' } }] });
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderForm(onRegistered);
    await waitFor(() => expect(image()).not.toBeNull());
    const box = screen.getByRole('checkbox', { name: 'Send me offers and news by SMS' }) as HTMLInputElement;
    expect(box.tagName).toBe('INPUT');
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    expect(box.defaultChecked).toBe(false);
    // Its description is the marketing purpose's text the ledger records (CONSENT_TEXTS.marketing, v1).
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
      'We send you offers of new loans and news about our service by SMS. We never share your details with other companies for their marketing.',
    );
    // Tapping its words ticks it (the label is the box's).
    await user.click(screen.getByText('Send me offers and news by SMS'));
    expect(box.checked).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '13912345678');
    await user.type(screen.getByRole('textbox', { name: 'Image code' }), 'XY79');
    await user.type(screen.getByRole('textbox', { name: 'SMS code' }), '604219');
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(false));
    const sent = server.requests.filter((r) => r.path.endsWith('/register')).at(-1)!.body;
    expect(sent.get('marketingConsent')).toBe('1');
  });
});
