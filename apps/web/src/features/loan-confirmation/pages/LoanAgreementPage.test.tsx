import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PATHS, fakeServer, ok, renderPage } from '../test-support.tsx';
import LoanAgreementPage from './LoanAgreementPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the loan agreement page (/toIs)', () => {
  it("asks for the agreement its URL names and shows the server's text as text, paragraph by paragraph", async () => {
    const requests = fakeServer({
      [PATHS.content]: [ok({ title: 'Loan Agreement', body: 'LOAN AGREEMENT No. PN1\n\n<b>1.</b> The Lender lends PHP 5000.00.\n\n2. Repayment.' })],
    });
    // A carried orderId from an earlier page is not used when the URL leaves it empty.
    sessionStorage.setItem('carriedPageParams', JSON.stringify({ orderId: '77' }));
    renderPage(LoanAgreementPage, '/toIs?productId=3&position=2&orderId=');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan Agreement' })).toBeTruthy();
    // The title is set by an effect, which may run just after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Loan Agreement'));
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ productId: '3', scene: '3', position: '2', orderId: '' });
    const paragraphs = [...document.querySelectorAll('article p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['LOAN AGREEMENT No. PN1', '<b>1.</b> The Lender lends PHP 5000.00.', '2. Repayment.']);
    expect(document.querySelector('article b')).toBeNull();
  });

  it("shows the server's refusal with a Retry", async () => {
    fakeServer({ [PATHS.content]: [{ code: 404, message: 'This order was not found. Please check your orders and try again.', data: null }] });
    renderPage(LoanAgreementPage, '/toIs?productId=3&position=1&orderId=5');
    expect((await screen.findByRole('alert')).textContent).toContain('This order was not found.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
