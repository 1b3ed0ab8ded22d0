import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffBorrower } from '@cashloan/contract/staff/borrowers';
import { renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';

const borrower: StaffBorrower = {
  borrower: { id: 3, userId: 'U-3', name: 'Ben Cruz', mobilePhone: '09170000001', merchantNumber: 'M0001', createdAt: '2025-03-01T02:00:00Z', isRepeat: false, lang: 'fil' },
  orders: [],
  complaints: [],
  accounts: [],
};

describe('one borrower', () => {
  it('shows the language the borrower reads the app in, so an agent can answer in it', async () => {
    renderBackOffice('/borrowers/3', sessionOf(['agent']), { 'GET /borrowers/3': [borrower] });
    const card = await screen.findByText('Language');
    expect(within(card.closest('tr')!).getByText('Filipino')).toBeInTheDocument();
  });

  it('says the language is not known before the borrower has opened a page', async () => {
    renderBackOffice('/borrowers/3', sessionOf(['agent']), { 'GET /borrowers/3': [{ ...borrower, borrower: { ...borrower.borrower, lang: null } }] });
    const card = await screen.findByText('Language');
    expect(within(card.closest('tr')!).getByText('Not known yet')).toBeInTheDocument();
  });
});
