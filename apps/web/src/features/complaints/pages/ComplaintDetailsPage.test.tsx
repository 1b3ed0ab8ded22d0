import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComplaintDetail } from '@cashloan/contract/complaints';
import { fakeServer, ok, renderPage } from '../test-support.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: ComplaintDetailsPage, RATING_DELAY_MS } = await import('./ComplaintDetailsPage.tsx');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const DETAIL_PATH = '/h5api/user-problem/problem-detail';
const SCORE_PATH = '/h5api/user-problem/save-score';
const detail = (changes: Partial<ComplaintDetail> = {}): ComplaintDetail => ({
  type: 'Collection',
  sonType: 'Rude or threatening language',
  problemId: 12,
  content: '<img src=x onerror="alert(1)"> They shouted.',
  images: ['/uploads/complaints/aaaa.png', 'javascript:alert(1)'],
  disposeDetail: '',
  disposeImages: [],
  isNeedScore: 0,
  ...changes,
});

describe('complaint details', () => {
  it("shows the type with sub-type, the borrower's words as text with n/200, and their images", async () => {
    const requests = fakeServer({ [DETAIL_PATH]: [ok(detail())] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    expect(await screen.findByRole('heading', { name: 'Collection · Rude or threatening language' })).toBeTruthy();
    expect(document.title).toBe('Online service');
    expect(requests[0]!.form.get('problemId')).toBe('12');
    expect(screen.getByText('<img src=x onerror="alert(1)"> They shouted.')).toBeTruthy();
    expect(screen.getByText(`${detail().content.length}/200`)).toBeTruthy();
    // No markup from the server became an element, and a script URL is never put in an <img>.
    expect(document.querySelectorAll('main img')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Your images: image 1 of 1, open full size' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Process Result' })).toBeNull();
  });

  it("shows 'Process Result' with the agent's reply and images once there is one", async () => {
    fakeServer({ [DETAIL_PATH]: [ok(detail({ disposeDetail: 'We <b>warned</b> the agency.', disposeImages: ['/uploads/complaints/bbbb.png'] }))] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    expect(await screen.findByRole('heading', { name: 'Process Result' })).toBeTruthy();
    expect(screen.getByText('We <b>warned</b> the agency.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reply images: image 1 of 1, open full size' }));
    expect(screen.getByRole('dialog', { name: 'Image 1 of 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the rating dialog 3 s after loading when isNeedScore is non-zero, and sends the score', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const requests = fakeServer({ [DETAIL_PATH]: [ok(detail({ disposeDetail: 'Sorry.', isNeedScore: 1 }))], [SCORE_PATH]: [ok({})] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    await screen.findByRole('heading', { name: 'Process Result' });
    // Let the page's effects run, so the clock starts when the details are on screen.
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(RATING_DELAY_MS - 500));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('dialog', { name: 'How did we handle your complaint?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.fromEntries(requests.find((r) => r.path === SCORE_PATH)!.form)).toEqual({ problemId: '12', score: '5' });
    expect(toast.showSuccess).toHaveBeenCalledWith('Successful demonstration！');
  });

  it('asks for no rating when isNeedScore is 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer({ [DETAIL_PATH]: [ok(detail({ disposeDetail: 'Done.' }))] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    await screen.findByRole('heading', { name: 'Process Result' });
    act(() => vi.advanceTimersByTime(RATING_DELAY_MS * 3));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal of another borrower's complaint with a Retry", async () => {
    fakeServer({ [DETAIL_PATH]: [{ code: '404', message: 'Complaint not found.', data: null }] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=99');
    expect((await screen.findByRole('alert')).textContent).toContain('Complaint not found.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the reference, the status and the answer-by date, and no escalation note before that date', async () => {
    fakeServer({ [DETAIL_PATH]: [ok(detail({ ticketNo: 'CMP-20261126-0042', answerBy: '2026-12-02', state: 'inReview' }))] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    const facts = await screen.findByRole('region', { name: 'Your complaint' });
    expect(facts.textContent).toContain('ReferenceCMP-20261126-0042');
    expect(facts.textContent).toContain('StatusIn review');
    expect(facts.textContent).toContain('Answer by2 Dec 2026');
    expect(screen.queryByRole('region', { name: /take it further/ })).toBeNull();
  });

  it('past the promised date shows where to escalate, with the grievance officer and the regulator as real links', async () => {
    const escalation = {
      title: 'Not answered yet? You can take it further',
      text: '<b>We have not answered</b> your complaint CMP-20261126-0042 by the promised date.',
      officerName: 'Andrea Cruz',
      officerEmail: 'grievance@pesonow.example',
      officerPhone: '+63 2 8888 0199',
      authorityName: 'Securities and Exchange Commission (SEC)',
      authorityUrl: 'https://www.sec.gov.ph',
    };
    fakeServer({ [DETAIL_PATH]: [ok(detail({ ticketNo: 'CMP-20261126-0042', answerBy: '2026-12-02', state: 'inReview', escalation }))] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    const note = await screen.findByRole('region', { name: 'Not answered yet? You can take it further' });
    // Server text as text.
    expect(note.textContent).toContain('<b>We have not answered</b>');
    expect(note.querySelector('b')).toBeNull();
    expect(note.textContent).toContain('Andrea Cruz');
    expect(screen.getByRole('link', { name: 'grievance@pesonow.example' }).getAttribute('href')).toBe('mailto:grievance@pesonow.example');
    expect(screen.getByRole('link', { name: '+63 2 8888 0199' }).getAttribute('href')).toBe('tel:+63288880199');
    expect(screen.getByRole('link', { name: 'Securities and Exchange Commission (SEC) (www.sec.gov.ph)' }).getAttribute('href')).toBe('https://www.sec.gov.ph');
  });

  it('shows no answer-by date once answered', async () => {
    fakeServer({ [DETAIL_PATH]: [ok(detail({ ticketNo: 'CMP-20261126-0042', answerBy: '2026-12-02', state: 'answered', disposeDetail: 'Done.' }))] });
    renderPage(ComplaintDetailsPage, '/complainDetails?problemId=12');
    const facts = await screen.findByRole('region', { name: 'Your complaint' });
    expect(facts.textContent).toContain('StatusAnswered');
    expect(facts.textContent).not.toContain('Answer by');
  });
});
