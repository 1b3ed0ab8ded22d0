/**
 * The breach register (issue 39): the breaches with their 72-hour countdown (overdue ones tagged, done
 * ones said so); recording one — its words, when it was found (Manila), the query counted before it is
 * recorded — then its page: Notify (confirmed first) and the report saved as JSON or text.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectFieldMessage, fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';
import { detailOf, doneBreach, notifiedBreach, openBreach, overdueBreach, pageOf } from './test-fixtures.ts';

/** A Blob's text (jsdom's Blob has no text()). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the breach register', () => {
  it('lists the breaches with the hours left of their 72, overdue ones tagged and done ones said so, each linked to its page', async () => {
    renderBackOffice('/breaches', sessionOf(['dpo']), { 'GET /breaches': [pageOf([openBreach, overdueBreach, doneBreach])] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Breach register' })).toBeInTheDocument();
    const open = (await screen.findByRole('link', { name: 'BR-20261104-0001' })).closest('tr')!;
    expect(within(open).getByRole('link')).toHaveAttribute('href', '/breaches/9');
    expect(cells(open)).toEqual(['BR-20261104-0001', openBreach.whatHappened, '2026-11-04 07:30', '69 hours left', '—', '—', 'Dina Ramos']);
    const overdue = screen.getByRole('link', { name: 'BR-20261030-0001' }).closest('tr')!;
    expect(cells(overdue)[3]).toBe('Overdue by 11 hoursOverdue');
    const done = screen.getByRole('link', { name: 'BR-20261020-0001' }).closest('tr')!;
    expect(cells(done).slice(3, 6)).toEqual(['Notified and reported within 72 hours', '2 (2026-11-04 10:05)', '2026-11-04 11:00']);
    expect(screen.getByRole('link', { name: /Breach register/ })).toBeInTheDocument();
  });

  it('records a breach: the form asks for what is missing, counts the borrowers first, then sends it and opens its page', async () => {
    const user = userEvent.setup();
    const { requests, router } = renderBackOffice('/breaches', sessionOf(['admin']), {
      'GET /breaches': [pageOf([])],
      'GET /breaches/affected': [fail(400, 'to is required for bound-account-between'), { count: 2, queryText: openBreach.queryText }],
      'POST /breaches': [openBreach],
      'GET /breaches/9': [detailOf()],
    });
    const form = within(await screen.findByRole('region', { name: 'Record a breach' }));
    await user.click(form.getByRole('button', { name: 'Record breach' }));
    await expectFieldMessage('Say what happened.', form);
    await expectFieldMessage('Choose when the breach was found.', form);
    await expectFieldMessage('Choose the first day.', form);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    // Pasted: typed key by key, six long texts re-render the form a few hundred times (minutes in jsdom).
    const paste = async (label: string, text: string) => {
      await user.click(form.getByLabelText(label));
      await user.paste(text);
    };
    await paste('What happened', openBreach.whatHappened);
    // Typed, then confirmed with the picker's OK (Enter would also submit the form).
    await user.type(form.getByLabelText('When it was found (Manila)'), '2026-11-04 07:30');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await paste('Personal data involved', openBreach.dataInvolved);
    await paste('What we did', openBreach.measuresTaken);
    await paste('What the borrower can do', openBreach.borrowerCanDo);
    await paste('Whom to contact', openBreach.contact);
    await paste('Details for the report (optional)', '  Sent at 08:12 by a support agent. ');
    expect(form.getByRole('radio', { name: 'Bound a payment account between two days' })).toBeChecked();
    await user.type(form.getByLabelText('From (Manila)'), '2026-11-01{tab}');
    await user.type(form.getByLabelText('To (Manila)'), '2026-11-04{tab}');

    // Counted before recording: a refusal first (the count fails), then the count.
    await user.click(form.getByRole('button', { name: 'Count the borrowers' }));
    expect(await form.findByRole('alert')).toHaveTextContent('to is required for bound-account-between');
    await user.click(form.getByRole('button', { name: 'Count the borrowers' }));
    expect(await form.findByText(`2 borrowers match: ${openBreach.queryText}.`)).toBeInTheDocument();
    expect(Object.fromEntries(requests.filter((r) => r.path === '/breaches/affected').at(-1)!.query)).toEqual({ kind: 'bound-account-between', from: '2026-11-01', to: '2026-11-04' });

    await user.click(form.getByRole('button', { name: 'Record breach' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Breach BR-20261104-0001' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/breaches/9');
    expect(requests.find((r) => r.method === 'POST' && r.path === '/breaches')!.body).toEqual({
      whatHappened: openBreach.whatHappened,
      dataInvolved: openBreach.dataInvolved,
      measuresTaken: openBreach.measuresTaken,
      borrowerCanDo: openBreach.borrowerCanDo,
      contact: openBreach.contact,
      details: '  Sent at 08:12 by a support agent. ',
      discoveredAt: '2026-11-04T07:30:00+08:00',
      query: { kind: 'bound-account-between', from: '2026-11-01', to: '2026-11-04' },
    });
  });

  it('asks for the market of the orders-in-market query', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/breaches', sessionOf(['dpo']), {
      'GET /breaches': [pageOf([])],
      'GET /breaches/affected': [{ count: 1, queryText: 'Every borrower with an order in India' }],
    });
    const form = within(await screen.findByRole('region', { name: 'Record a breach' }));
    await user.click(form.getByRole('radio', { name: 'Has an order in a market' }));
    expect(form.queryByLabelText('From (Manila)')).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Count the borrowers' }));
    await expectFieldMessage('Choose the market.', form);
    await user.click(form.getByRole('radio', { name: 'India' }));
    await user.click(form.getByRole('button', { name: 'Count the borrowers' }));
    expect(await form.findByText('1 borrower matches: Every borrower with an order in India.')).toBeInTheDocument();
    expect(Object.fromEntries(requests.find((r) => r.path === '/breaches/affected')!.query)).toEqual({ kind: 'orders-in-market', market: 'IN' });
  });

  it('is not offered to an agent', async () => {
    renderBackOffice('/breaches', sessionOf(['agent']), {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Breach register/ })).not.toBeInTheDocument();
  });
});

describe('one breach', () => {
  const saved: { fileName: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    let blob: Blob | undefined;
    // jsdom has no object URLs and does not download: the Blob and the link's file name are what the browser would save.
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:breach-report';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:breach-report' && blob) saved.push({ fileName: this.download, blob });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the countdown and the notice, notifies once confirmed, and saves the report as JSON and as text', async () => {
    const user = userEvent.setup();
    const reported = { ...notifiedBreach, reportedAt: '2026-11-04T03:00:00Z' };
    const { requests } = renderBackOffice('/breaches/9', sessionOf(['dpo']), {
      'GET /breaches/9': [detailOf(), detailOf(notifiedBreach), detailOf(reported)],
      'POST /breaches/9/notify': [{ added: 2, smsSent: 1, smsFailed: 1, breach: notifiedBreach }],
      'POST /breaches/9/report': [
        { fileName: 'breach-report-BR-20261104-0001.json', content: '{"reference":"BR-20261104-0001"}\n', reportedAt: reported.reportedAt },
        { fileName: 'breach-report-BR-20261104-0001.txt', content: 'PERSONAL DATA BREACH NOTIFICATION\n', reportedAt: reported.reportedAt },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Breach BR-20261104-0001' })).toBeInTheDocument();
    const facts = within(screen.getByRole('region', { name: 'The breach' }));
    expect(facts.getByText('69 hours left')).toBeInTheDocument();
    expect(facts.getByText('2026-11-07 07:30')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'The notice' })).getByText(openBreach.borrowerCanDo)).toBeInTheDocument();

    const affected = within(screen.getByRole('region', { name: 'Affected borrowers' }));
    expect(affected.getByText('Nobody yet')).toBeInTheDocument();
    await user.click(affected.getByRole('button', { name: 'Notify the affected borrowers' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Each borrower not told yet gets the notice in the app and by SMS (2 borrowers chosen now).');
    await user.click(within(confirm).getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText('Notified: 2 borrowers newly told, 1 SMS sent, 1 refused by the gateway (notify again to retry).')).toBeInTheDocument();
    expect(await affected.findByText('2 borrowers, from 2026-11-04 10:05')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/breaches/9/notify')).toHaveLength(1);

    const report = within(screen.getByRole('region', { name: 'Report to the authority' }));
    await user.click(report.getByRole('button', { name: 'Export report (JSON)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(report.getByRole('button', { name: 'Export report (text)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => [s.fileName, s.blob.type])).toEqual([
      ['breach-report-BR-20261104-0001.json', 'application/json;charset=utf-8'],
      ['breach-report-BR-20261104-0001.txt', 'text/plain;charset=utf-8'],
    ]);
    expect(await blobText(saved[0]!.blob)).toBe('{"reference":"BR-20261104-0001"}\n');
    expect(requests.filter((r) => r.path === '/breaches/9/report').map((r) => r.body)).toEqual([{ format: 'json' }, { format: 'text' }]);
    expect(await report.findByText(/First exported 2026-11-04 11:00\./)).toBeInTheDocument();
  });
});
