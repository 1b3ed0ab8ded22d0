/**
 * An order's collections page (issue 38): a call asked of the contact guard first (refused at night
 * with the next allowed time; allowed, then its outcome saved), an approved template sent (and no
 * free text), a promise in minor units, a dispute, India's agent notice, and what happened so far.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, marketDay } from '../../shared/format.ts';
import { fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';
import { orderAnswer } from './test-fixtures.ts';

const region = (name: string) => within(screen.getByRole('region', { name }));

describe("an order's collections page", () => {
  it("shows a collector's call refused at night: the guard's reason and the next allowed time on Manila's clock", async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/collections/orders/7', sessionOf(['collector']), {
      'GET /collections/orders/7': [orderAnswer()],
      'POST /collections/orders/7/calls': [{ allowed: false, attemptId: null, message: 'No collection contact before 06:00 or after 22:00 Manila time.', nextAllowedAt: '2026-11-29T22:00:00Z' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections: order NO-7' })).toBeInTheDocument();
    const call = region('Call');
    await user.click(call.getByRole('button', { name: 'Ask to call' }));
    const alert = await call.findByRole('alert');
    expect(alert).toHaveTextContent('No collection contact before 06:00 or after 22:00 Manila time.');
    expect(alert).toHaveTextContent('Next allowed: 30 Nov 2026, 06:00 Manila time');
    expect(call.queryByRole('radiogroup', { name: 'Outcome of the call' })).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/orders/7/calls')!.body).toEqual({ party: 'borrower' });
    // The refusal is recorded by the server: the page loads again to show it.
    await waitFor(() => expect(requests.filter((r) => r.path === '/collections/orders/7')).toHaveLength(2));
  });

  it('asks for the party chosen; allowed, says the number to dial, offers the outcomes and saves the one chosen', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/collections/orders/7', sessionOf(['collector']), {
      'GET /collections/orders/7': [orderAnswer()],
      'POST /collections/orders/7/calls': [{ allowed: true, attemptId: 31, message: 'The call is recorded.', nextAllowedAt: null }],
      'POST /collections/attempts/31/outcome': [{ outcome: 'reached' }],
    });
    const call = within(await screen.findByRole('region', { name: 'Call' }));
    await user.click(call.getByLabelText('Who will you call?'));
    await user.click(await screen.findByTitle('A guarantor the borrower named'));
    await user.click(call.getByLabelText('Who will you call?'));
    await user.click(await screen.findByTitle('The borrower'));
    await user.click(call.getByRole('button', { name: 'Ask to call' }));
    expect(await call.findByText('Allowed: dial 09171234567 now')).toBeInTheDocument();
    const outcomes = call.getByRole('radiogroup', { name: 'Outcome of the call' });
    expect(within(outcomes).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Reached', 'No answer', 'Wrong number', 'Refused to talk', 'Disputes the debt']);
    expect(call.getByRole('button', { name: 'Save outcome' })).toBeDisabled();
    await user.click(within(outcomes).getByText('Reached'));
    await user.click(call.getByRole('button', { name: 'Save outcome' }));
    expect(await screen.findByText('Outcome saved: Reached.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/orders/7/calls')!.body).toEqual({ party: 'borrower' });
    expect(requests.find((r) => r.path === '/collections/attempts/31/outcome')!.body).toEqual({ outcome: 'reached' });
    await waitFor(() => expect(call.queryByRole('radiogroup', { name: 'Outcome of the call' })).not.toBeInTheDocument());
  });

  it('sends the template chosen, shown as filled for the order with its language, with no box for free text; a refusal is said', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/collections/orders/7', sessionOf(['collector']), {
      'GET /collections/orders/7': [orderAnswer()],
      'POST /collections/orders/7/messages': [
        { allowed: true, attemptId: 32, message: 'Sent by SMS.', nextAllowedAt: null, text: 'Maria, puwede mong bayaran ang NO-7 sa kahit anong 7-Eleven gamit ang pay code mo. — Lender' },
        { allowed: false, attemptId: null, message: 'At most 2 messages a day to a borrower.', nextAllowedAt: '2026-11-29T16:00:00Z', text: null },
      ],
    });
    const send = within(await screen.findByRole('region', { name: 'Send a template' }));
    expect(send.getByText('Hi Maria, your payment of ₱5,675.00 for NO-7 is overdue. Please pay today. — Lender')).toBeInTheDocument();
    expect(send.getByRole('radio', { name: /^Friendly reminder English / })).toBeInTheDocument();
    expect(send.getByRole('radio', { name: /^Payment options Filipino / })).toBeInTheDocument();
    expect(send.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/message/i)).not.toBeInTheDocument();
    await user.click(send.getByText('Payment options'));
    await user.click(send.getByRole('button', { name: 'Send SMS' }));
    expect(await send.findByText('Sent: Maria, puwede mong bayaran ang NO-7 sa kahit anong 7-Eleven gamit ang pay code mo. — Lender')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/orders/7/messages')!.body).toEqual({ templateId: 4 });
    await user.click(send.getByRole('button', { name: 'Send SMS' }));
    const alert = await send.findByRole('alert');
    expect(alert).toHaveTextContent('At most 2 messages a day to a borrower.');
    expect(alert).toHaveTextContent('Next allowed: 30 Nov 2026, 00:00 Manila time');
  });

  it("names the borrower's language, and points out a template picked in another", async () => {
    const user = userEvent.setup();
    renderBackOffice('/collections/orders/7', sessionOf(['collector']), { 'GET /collections/orders/7': [orderAnswer({}, { borrowerLang: 'fil' })] });
    const send = within(await screen.findByRole('region', { name: 'Send a template' }));
    expect(send.getByText(/^The borrower reads/)).toHaveTextContent('The borrower reads Filipino (the language of their latest visit to the app).');
    await user.click(send.getByText('Friendly reminder'));
    const warning = await send.findByRole('alert');
    expect(warning).toHaveTextContent('This template is in English; the borrower reads Filipino.');
    expect(warning).toHaveTextContent('A template in Filipino is listed above.');
    await user.click(send.getByText('Payment options'));
    await waitFor(() => expect(send.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('records a promise: the day, and the amount typed in pesos sent in centavos; lists the promises', async () => {
    const user = userEvent.setup();
    const day = addDays(marketDay('PHP'), 3);
    const { requests } = renderBackOffice('/collections/orders/7', sessionOf(['collector']), {
      'GET /collections/orders/7': [orderAnswer()],
      'POST /collections/orders/7/promises': [
        fail(400, 'A promise may be at most what is due.'),
        { id: 3, promisedOn: day, amountMinor: 150_050, paidMinor: 0, state: 'open', createdBy: 'Ana Reyes', createdAt: '2026-11-29T03:00:00Z' },
      ],
    });
    const promise = within(await screen.findByRole('region', { name: 'Promise to pay' }));
    const broken = promise.getByRole('cell', { name: '2026-11-20' }).closest('tr')!;
    expect(within(broken).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-20', '₱2,000.00', '₱0.00', 'Broken', 'Ana Reyes', '18 Nov 2026, 11:00 Manila time']);
    await user.click(promise.getByRole('button', { name: 'Record promise' }));
    expect(await promise.findByText('Enter the amount promised.')).toBeInTheDocument();
    await user.type(promise.getByLabelText('Amount (pesos)'), '9000');
    await user.click(promise.getByRole('button', { name: 'Record promise' }));
    expect(await promise.findByText('At most what is due: ₱5,675.00.')).toBeInTheDocument();
    await user.clear(promise.getByLabelText('Amount (pesos)'));
    await user.type(promise.getByLabelText('Amount (pesos)'), '1500.50');
    // The day is chosen in the calendar (Enter in the date field would send the form).
    await user.click(promise.getByLabelText('Day'));
    await user.click(await screen.findByTitle(day));
    await user.click(promise.getByRole('button', { name: 'Record promise' }));
    expect(await promise.findByText('A promise may be at most what is due.')).toBeInTheDocument();
    await user.click(promise.getByRole('button', { name: 'Record promise' }));
    expect(await screen.findByText(`Promise recorded: ₱1,500.50 by ${day}.`)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/collections/orders/7/promises').map((r) => r.body)).toEqual([
      { promisedOn: day, amountMinor: 150_050 },
      { promisedOn: day, amountMinor: 150_050 },
    ]);
  });

  it("shows India's missing agent notice, the open dispute (resolved only by the lead), complaints stopping contact, the history and the next contact", async () => {
    const user = userEvent.setup();
    const dispute = { id: 1, reason: 'Says the charges are wrong', openedBy: 'Borrower', openedAt: '2026-11-25T05:00:00Z', complaintTicketNo: 'TK-88', resolvedBy: null, resolvedAt: null, resolution: null };
    const india = orderAnswer(
      { dispute, complaints: [{ ticketNo: 'TK-88', against: 'Jo Cruz', createdAt: '2026-11-25T05:00:00Z', answered: false }] },
      { market: 'IN', currency: 'INR', disputed: true },
    );
    const { requests } = renderBackOffice('/collections/orders/7', sessionOf(['collections_lead']), {
      'GET /collections/orders/7': [india],
      'POST /collections/orders/7/dispute/resolve': [{ ...dispute, resolvedBy: 'Ana Reyes', resolvedAt: '2026-11-29T05:00:00Z', resolution: 'Charges checked: within the cap.' }],
    });
    expect(await screen.findByText('The agent notice has not been sent yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Consent to other hours' })).not.toBeInTheDocument();
    const disputeRegion = region('Dispute');
    expect(disputeRegion.getByText('Says the charges are wrong')).toBeInTheDocument();
    expect(disputeRegion.getByText('TK-88')).toBeInTheDocument();
    expect(disputeRegion.getByText('by Borrower, 25 Nov 2026, 10:30 Kolkata time')).toBeInTheDocument();
    await user.type(disputeRegion.getByLabelText('Resolution'), 'Charges checked: within the cap.');
    await user.click(disputeRegion.getByRole('button', { name: 'Resolve dispute' }));
    expect(await screen.findByText('The dispute is resolved.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/orders/7/dispute/resolve')!.body).toEqual({ resolution: 'Charges checked: within the cap.' });

    expect(region('Complaints about collection').getByText("This collector's contacts are stopped until it is answered.")).toBeInTheDocument();
    const refused = region('Contact history').getByText('Reminder').closest('tr')!;
    expect(within(refused).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '27 Nov 2026, 20:10 Kolkata time', 'SMS', 'The borrower', 'Reminder', 'RefusedOutside 06:00–22:00 Manila time. Next allowed: 28 Nov 2026, 03:30 Kolkata time', '', '',
    ]);
    expect(region('Next contact').getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Calls: allowed now', 'Messages: At most 2 messages a day. Next allowed: 30 Nov 2099, 03:30 Kolkata time']);
  });

  it('lets a collector mark a dispute but not resolve one; records the borrower\'s consent to other hours (the Philippines)', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/collections/orders/7', sessionOf(['collector']), {
      'GET /collections/orders/7': [orderAnswer()],
      'POST /collections/orders/7/dispute': [{ id: 2, reason: 'Paid at the counter', openedBy: 'Ana Reyes', openedAt: '2026-11-29T05:00:00Z', complaintTicketNo: null, resolvedBy: null, resolvedAt: null, resolution: null }],
      'POST /collections/orders/7/hours-consent': [{ hoursConsentAt: '2026-11-29T05:00:00Z' }],
    });
    const disputeRegion = within(await screen.findByRole('region', { name: 'Dispute' }));
    await user.type(disputeRegion.getByLabelText('Reason'), 'Paid at the counter');
    await user.click(disputeRegion.getByRole('button', { name: 'Mark disputed' }));
    expect(await screen.findByText('The debt is marked disputed.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/orders/7/dispute')!.body).toEqual({ reason: 'Paid at the counter' });

    const consent = region('Consent to other hours');
    expect(consent.getByText(/^Not given\./)).toBeInTheDocument();
    await user.click(consent.getByRole('button', { name: 'Record consent given' }));
    await user.click(await screen.findByRole('button', { name: 'Record consent' }));
    expect(await screen.findByText('Consent recorded.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/collections/orders/7/hours-consent')!.body).toEqual({ given: true });
  });
});
