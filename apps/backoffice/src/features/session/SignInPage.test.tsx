import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@cashloan/contract/staff/common';
import { fail, renderBackOffice, sessionOf, signedOut, expectFieldMessage } from '../../test-support/staff-harness.tsx';

const dashboard = { ordersByStatus: [], complaintsWaiting: 0, complaintsPastReview: 0, paymentsToday: { count: 0, amountMinor: 0 }, postingsAwaitingApproval: { count: 0, amountMinor: 0 }, books: null };

describe('signing in', () => {
  it('sends a signed-out visitor to sign-in, and shows the server’s one message for wrong credentials', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/orders', signedOut, { 'POST /sign-in': [fail(401, STAFF_MESSAGES.signInFailed)] });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.type(screen.getByLabelText('Email'), 'Ana@Lender.test');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(STAFF_MESSAGES.signInFailed)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/sign-in')?.body).toEqual({ email: 'Ana@Lender.test', password: 'wrong password' });
  });

  it('asks for the code when the stage says so, then opens the screen that was asked for', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/', signedOut, {
      'POST /sign-in': [sessionOf(['finance'], 'second-factor', true)],
      'POST /sign-in/second-factor': [fail(400, 'The code is not right.'), { ...sessionOf(['finance'], 'signed-in', true), csrfToken: 'csrf-2' }],
      'GET /dashboard': [dashboard],
    });
    await user.type(await screen.findByLabelText('Email'), 'ana@lender.test');
    await user.type(screen.getByLabelText('Password'), 'right password 1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code is not right.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const codeRequest = requests.filter((r) => r.path === '/sign-in/second-factor').at(-1);
    expect(codeRequest).toMatchObject({ body: { code: '123456' }, csrf: 'csrf-1' });
  });

  it('sets up the second factor: QR code and key, a code, then the recovery codes once before going on', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/', sessionOf(['admin'], 'second-factor-setup'), {
      'POST /second-factor/setup': [{ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Lender:ana?secret=JBSWY3DPEHPK3PXP' }],
      'POST /second-factor/confirm': [{ recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'], session: { ...sessionOf(['admin'], 'signed-in', true), csrfToken: 'csrf-new' } }],
      'GET /dashboard': [dashboard],
    });
    await screen.findByRole('heading', { name: 'Set up your second factor' });
    await user.click(screen.getByRole('button', { name: 'Begin the set-up' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByText('QR code of your new second factor')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on the second factor' }));
    await expectFieldMessage('code must be the 6 digits your app shows');
    await user.type(screen.getByLabelText('Code from the app'), '6');
    await user.click(screen.getByRole('button', { name: 'Turn on the second factor' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['aaaa-bbbb', 'cccc-dddd']);
    await user.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByText('aaaa-bbbb')).not.toBeInTheDocument();
    // The session opened by the confirmation has its own CSRF token.
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/sign-out')).toMatchObject({ csrf: 'csrf-new' }));
  });

  it('makes a temporary password be changed, checking the new one as the contract does', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/', sessionOf(['agent'], 'change-password'), {
      'POST /password': [sessionOf(['agent'], 'signed-in')],
      'GET /dashboard': [dashboard],
      'POST /sign-out': [{}],
    });
    await screen.findByRole('heading', { name: 'Choose your own password' });
    await user.type(screen.getByLabelText('Temporary password'), 'Temp-1234567');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('New password again'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await expectFieldMessage('newPassword must be at least 12 characters');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(requests.find((r) => r.path === '/password')?.body).toEqual({ currentPassword: 'Temp-1234567', newPassword: 'a long new password' });
  });
});

describe('the signed-in frame', () => {
  it('shows who is signed in and only the menu entries of their roles', async () => {
    renderBackOffice('/', sessionOf(['agent']), { 'GET /dashboard': [dashboard] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Complaints', 'Orders', 'Borrowers']);
    expect(screen.getByText('Ana Reyes')).toBeInTheDocument();
    expect(screen.getByText('(Agent)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Second factor' })).toBeInTheDocument();
  });

  it('tells a role it cannot open a screen of another role', async () => {
    renderBackOffice('/audit', sessionOf(['agent']));
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
  });

  it('goes back to sign-in, saying why, when a call finds the session ended', async () => {
    renderBackOffice('/', sessionOf(['agent']), { 'GET /dashboard': [fail(401, STAFF_MESSAGES.sessionEnded)] });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByText(STAFF_MESSAGES.sessionEnded)).toBeInTheDocument();
  });

  it('signs out on the server and shows sign-in', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/', sessionOf(['agent']), { 'GET /dashboard': [dashboard], 'POST /sign-out': [{}] });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(requests.filter((r) => r.path === '/sign-out')).toHaveLength(1);
  });
});
