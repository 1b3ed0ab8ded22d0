/** "Notices from us" on /myData (issue 39): a breach notice the server sent, first on the screen, in its words; no section without one. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { BreachNoticeView } from '@cashloan/contract/my-data';
import { fakeServer, ok, renderPage } from '../../shared/test-support/page-harness.tsx';
import { MY_DATA, MY_DATA_PATHS as PATHS } from './test-support.ts';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: MyDataPage } = await import('./MyDataPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOTICE: BreachNoticeView = {
  refNo: 'BR-20260122-0001',
  sentAt: '2026-01-22 15:00:00',
  whatHappened: 'A list of bound accounts was emailed to a wrong address.',
  dataInvolved: 'your name and the last 4 digits of your account',
  whatWeDid: 'The recipient deleted it; we now check every address.',
  whatYouCanDo: '<b>Watch</b> for messages asking for your PIN or OTP.',
  contact: 'dpo@pesonow.example, +63 2 8888 0199',
};

describe('my data: notices from us', () => {
  it('shows each breach notice first, with what happened, the data, what we did, what you can do and whom to contact', async () => {
    fakeServer({ [PATHS.load]: [ok({ ...MY_DATA, notices: [NOTICE] })] });
    renderPage(MyDataPage, '/myData');
    const notices = await screen.findByRole('region', { name: 'Notices from us' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)[0]).toBe('Notices from us');
    const notice = within(notices).getByRole('listitem');
    expect(within(notice).getByRole('heading', { level: 3 }).textContent).toBe('A breach of your personal data (BR-20260122-0001)');
    expect([...notice.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'We told you on 2026-01-22.',
      'What happened: A list of bound accounts was emailed to a wrong address.',
      'Your data involved: your name and the last 4 digits of your account',
      'What we did: The recipient deleted it; we now check every address.',
      // Server text is text: markup in it is shown, never run.
      'What you can do: <b>Watch</b> for messages asking for your PIN or OTP.',
      'Whom to contact: dpo@pesonow.example, +63 2 8888 0199',
    ]);
    expect(notice.querySelector('b')).toBeNull();
  });

  it('has no notices section when we sent none', async () => {
    fakeServer({ [PATHS.load]: [ok(MY_DATA)] });
    renderPage(MyDataPage, '/myData');
    await screen.findByRole('region', { name: 'Your consents' });
    expect(screen.queryByRole('region', { name: 'Notices from us' })).toBeNull();
  });
});
