import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffAccount } from '@cashloan/contract/staff/accounts';
import { renderBackOffice, sessionOf, expectFieldMessage } from '../../test-support/staff-harness.tsx';

const me: StaffAccount = { id: 1, email: 'ana@lender.test', name: 'Ana Reyes', roles: ['admin'], secondFactor: true, disabled: false, mustChangePassword: false, createdAt: '2025-01-01T00:00:00Z', lastSignInAt: '2025-03-01T00:00:00Z' };
const carl: StaffAccount = { ...me, id: 2, email: 'carl@lender.test', name: 'Carl', roles: ['agent'], secondFactor: false, lastSignInAt: null };

describe('staff accounts', () => {
  it('creates an account and shows its temporary password once', async () => {
    const user = userEvent.setup();
    const dana = { ...carl, id: 3, email: 'dana@lender.test', name: 'Dana', roles: ['finance' as const], mustChangePassword: true };
    const { requests } = renderBackOffice('/accounts', sessionOf(['admin'], 'signed-in', true), {
      'GET /staff': [{ items: [me, carl] }, { items: [me, carl, dana] }],
      'POST /staff': [{ account: dana, temporaryPassword: 'Temp-pass-9x7' }],
    });
    await screen.findByText('carl@lender.test');
    await user.click(screen.getByRole('button', { name: 'New account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New staff account' });
    await user.type(within(dialog).getByLabelText('Email'), 'not an email');
    await user.type(within(dialog).getByLabelText('Name'), 'Dana');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await expectFieldMessage('email must be an e-mail address', within(dialog));
    expect(within(dialog).getByText('roles must name at least one role')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'dana@lender.test');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Finance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary password for dana@lender.test' });
    expect(within(shown).getByTestId('once-secret')).toHaveTextContent('Temp-pass-9x7');
    expect(requests.find((r) => r.method === 'POST' && r.path === '/staff')?.body).toEqual({ email: 'dana@lender.test', name: 'Dana', roles: ['finance'] });
    await user.click(within(shown).getByRole('button', { name: 'I have handed it over' }));
    await waitFor(() => expect(screen.queryByText('Temp-pass-9x7')).not.toBeInTheDocument());
    expect(await screen.findByText('dana@lender.test')).toBeInTheDocument();
  });

  it('resets an account, also removing its second factor when asked', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/accounts', sessionOf(['admin'], 'signed-in', true), {
      'GET /staff': [{ items: [me, carl] }],
      'POST /staff/2/reset': [{ account: carl, temporaryPassword: 'Temp-reset-42' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Reset carl@lender.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset carl@lender.test' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Also remove the second factor/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByTestId('once-secret')).toHaveTextContent('Temp-reset-42');
    expect(requests.find((r) => r.path === '/staff/2/reset')).toMatchObject({ body: { secondFactor: true }, csrf: 'csrf-1' });
  });

  it('sets roles, and does not offer an admin to disable themself', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/accounts', sessionOf(['admin'], 'signed-in', true), {
      'GET /staff': [{ items: [me, carl] }],
      'POST /staff/2/roles': [{ ...carl, roles: ['agent', 'finance'] }],
    });
    expect(await screen.findByRole('button', { name: 'Disable ana@lender.test' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Set roles of carl@lender.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of carl@lender.test' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Finance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/staff/2/roles')?.body).toEqual({ roles: ['agent', 'finance'] }));
  });
});
