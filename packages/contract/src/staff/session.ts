/** Signing in and out, the password and the second factor (docs/backoffice.md, "Security"). */
import { z } from 'zod';
import { SIGN_IN_STAGES, STAFF_LIMITS, STAFF_ROLES, defineStaffCall, emptyStaffAnswer } from './common.ts';

const email = z.string({ error: 'email is required' }).trim().toLowerCase().min(1, { error: 'email is required' }).max(254, { error: 'email must be at most 254 characters' });
/** A password as typed: checked against the rules only when one is set (newPassword). */
const typedPassword = (name: string) => z.string({ error: `${name} is required` }).min(1, { error: `${name} is required` }).max(STAFF_LIMITS.passwordMaxChars, { error: `${name} must be at most ${STAFF_LIMITS.passwordMaxChars} characters` });
/** A new password's length; the server also refuses common ones (its list is not in the contract). */
export const newPasswordField = z
  .string({ error: 'newPassword is required' })
  .min(STAFF_LIMITS.passwordMinChars, { error: `newPassword must be at least ${STAFF_LIMITS.passwordMinChars} characters` })
  .max(STAFF_LIMITS.passwordMaxChars, { error: `newPassword must be at most ${STAFF_LIMITS.passwordMaxChars} characters` });
/** A TOTP code (6 digits) or a recovery code (letters and digits, dashes ignored). */
const secondFactorCode = z.string({ error: 'code is required' }).trim().min(6, { error: 'code must be the 6 digits of your app or a recovery code' }).max(32, { error: 'code is too long' });

export const staffMe = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  secondFactor: z.boolean().describe('whether the account signs in with a TOTP code'),
});
export type StaffMe = z.infer<typeof staffMe>;

export const sessionState = z.object({
  stage: z.enum(SIGN_IN_STAGES),
  staff: staffMe,
  /** Sent back in the X-CSRF-Token header of every write. */
  csrfToken: z.string(),
  idleMinutes: z.number().int(),
});
export type SessionState = z.infer<typeof sessionState>;

export const signInCall = defineStaffCall(
  { method: 'POST', path: '/sign-in', access: 'public', audit: 'staff.sign-in' },
  { input: z.object({ email, password: typedPassword('password') }), answer: sessionState },
  'Checks the email and password; the session cookie is set, and the stage says what is left (a code, the second factor set-up, a new password).',
);

export const secondFactorCall = defineStaffCall(
  { method: 'POST', path: '/sign-in/second-factor', access: 'session', stages: ['second-factor'], audit: 'staff.second-factor' },
  { input: z.object({ code: secondFactorCode }), answer: sessionState },
  'The TOTP code (or a recovery code, used up once) that finishes signing in.',
);

export const meCall = defineStaffCall(
  { method: 'GET', path: '/me', access: 'session', stages: SIGN_IN_STAGES },
  { input: z.object({}), answer: sessionState },
  'Who is signed in, at which stage, and the CSRF token of the session.',
);

export const signOutCall = defineStaffCall(
  { method: 'POST', path: '/sign-out', access: 'session', stages: SIGN_IN_STAGES, audit: 'staff.sign-out' },
  { input: z.object({}), answer: emptyStaffAnswer },
  'Ends the session on the server and clears the cookie.',
);

export const changePasswordCall = defineStaffCall(
  { method: 'POST', path: '/password', access: 'session', stages: ['signed-in', 'change-password'], audit: 'staff.password-change' },
  { input: z.object({ currentPassword: typedPassword('currentPassword'), newPassword: newPasswordField }), answer: sessionState },
  "Changes the password (at least 12 characters, not a common one); every other session of the account ends.",
);

export const secondFactorSetupCall = defineStaffCall(
  { method: 'POST', path: '/second-factor/setup', access: 'session', stages: ['signed-in', 'second-factor-setup'], audit: 'staff.second-factor-setup' },
  {
    input: z.object({}),
    answer: z.object({ secret: z.string().describe('base32, for typing into an authenticator app'), otpauthUrl: z.string().describe('otpauth:// URL, shown as a QR code') }),
  },
  'Starts setting up a TOTP second factor: a new secret, not in use until confirmed with a code.',
);

export const secondFactorConfirmCall = defineStaffCall(
  { method: 'POST', path: '/second-factor/confirm', access: 'session', stages: ['signed-in', 'second-factor-setup'], audit: 'staff.second-factor-confirm' },
  {
    input: z.object({ code: z.string({ error: 'code is required' }).trim().regex(/^\d{6}$/, { error: 'code must be the 6 digits your app shows' }) }),
    answer: z.object({ recoveryCodes: z.array(z.string()).describe('shown once: each signs in once instead of a code'), session: sessionState }),
  },
  'Turns the second factor on with a code from the app; answers the recovery codes, shown this once.',
);
