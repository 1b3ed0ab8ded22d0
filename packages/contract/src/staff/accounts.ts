/** Staff accounts, for admins: create, roles, disable and enable, reset. */
import { z } from 'zod';
import { STAFF_ROLES, STAFF_ROLES_LISTED, defineStaffCall, isoDateTime, staffId } from './common.ts';

const roles = z.array(z.enum(STAFF_ROLES, { error: `roles must be ${STAFF_ROLES_LISTED}` }), { error: 'roles must be a list' }).min(1, { error: 'roles must name at least one role' }).max(STAFF_ROLES.length);

export const staffAccount = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  secondFactor: z.boolean(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: isoDateTime,
  lastSignInAt: isoDateTime.nullable(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** A temporary password: shown to the admin once, changed by its holder at the first sign-in. */
const withTemporaryPassword = z.object({ account: staffAccount, temporaryPassword: z.string() });

export const listStaffCall = defineStaffCall(
  { method: 'GET', path: '/staff', access: { roles: ['admin'] } },
  { input: z.object({}), answer: z.object({ items: z.array(staffAccount) }) },
  'Every staff account.',
);

export const createStaffCall = defineStaffCall(
  { method: 'POST', path: '/staff', access: { roles: ['admin'] }, audit: 'staff.create' },
  {
    input: z.object({
      email: z.string({ error: 'email is required' }).trim().toLowerCase().max(254, { error: 'email must be at most 254 characters' }).pipe(z.email({ error: 'email must be an e-mail address' })),
      name: z.string({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(100, { error: 'name must be at most 100 characters' }),
      roles,
    }),
    answer: withTemporaryPassword,
  },
  'A new account with a temporary password (changed at the first sign-in; admin and finance then set up their second factor).',
);

export const setStaffRolesCall = defineStaffCall(
  { method: 'POST', path: '/staff/:id/roles', access: { roles: ['admin'] }, audit: 'staff.roles' },
  { input: z.object({ id: staffId('id'), roles }), answer: staffAccount },
  "Sets an account's roles; an admin cannot take the admin role from themself.",
);

export const disableStaffCall = defineStaffCall(
  { method: 'POST', path: '/staff/:id/disable', access: { roles: ['admin'] }, audit: 'staff.disable' },
  { input: z.object({ id: staffId('id') }), answer: staffAccount },
  'Disables an account and ends its sessions; an admin cannot disable themself.',
);

export const enableStaffCall = defineStaffCall(
  { method: 'POST', path: '/staff/:id/enable', access: { roles: ['admin'] }, audit: 'staff.enable' },
  { input: z.object({ id: staffId('id') }), answer: staffAccount },
  'Enables a disabled account.',
);

export const resetStaffCall = defineStaffCall(
  { method: 'POST', path: '/staff/:id/reset', access: { roles: ['admin'] }, audit: 'staff.reset' },
  { input: z.object({ id: staffId('id'), secondFactor: z.boolean({ error: 'secondFactor must be true or false' }).default(false) }), answer: withTemporaryPassword },
  'A new temporary password (and, when asked, the second factor removed to set up again); the account’s sessions end.',
);
