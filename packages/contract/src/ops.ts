/**
 * The dev back office /ops (docs/ops.md): what each of its calls takes, checked by the modules'
 * ops.ts. Dev and test use only (a token of 32+ characters, never with NODE_ENV=production); bodies
 * are JSON and answers are `{code: 0, message, data}`. Grouped by the API family whose ops.ts serves them.
 */
import { z } from 'zod';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from './routes.ts';
import { complaintReplyBody } from './staff/complaints.ts';
import { STAFF_ROLES, STAFF_ROLES_LISTED } from './staff/common.ts';
import { newPasswordField } from './staff/session.ts';

const positiveId = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int().positive({ error: `${name} must be a positive whole number` });
/** A '0'/'1' flag the H5 reads as a string; numbers are accepted too. */
const flag = (name: string) =>
  z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: `${name} must be 0 or 1` }).transform((v) => String(v) as '0' | '1');
const text = (max: number) => z.string().max(max);
const statusField = (allowed: readonly number[]) =>
  z.coerce
    .number({ error: 'status is required' })
    .refine((v) => allowed.includes(v), { error: `status must be one of ${allowed.join(', ')}` })
    .transform((v) => v as OrderStatus);
const phoneDigits = (name: string) => z.string().regex(/^\d{6,15}$/, { error: `${name} must be 6 to 15 digits` });

export const opsIdParams = z.object({ id: positiveId('id') });

// ---- test-preview: borrowers, the clock, the SMS outbox --------------------------------------------

export const opsNewBorrower = z.object({
  mobilePhone: phoneDigits('mobilePhone'),
  userId: z.string().min(1).max(64).optional(),
  merchantNumber: z.string().min(1).max(32).optional(),
  name: z.string().max(100).optional(),
  isRepeat: z.boolean().optional(),
  deviceId: z.string().max(128).optional(),
});

export const opsClockAdvance = z.strictObject({
  days: z
    .number({ error: 'days must be a number' })
    .finite()
    .min(-3650)
    .max(3650)
    .refine((d) => d !== 0, { error: 'days must not be 0' }),
});

export const opsSmsOutboxQuery = z.object({ phone: phoneDigits('phone').optional() });

// ---- order-details: orders in any status, and the back office's moves --------------------------------

export const opsNewOrder = z
  .strictObject({
    borrowerId: positiveId('borrowerId').optional(),
    userId: z.string().min(1).max(64).optional(),
    productId: positiveId('productId').optional(),
    status: statusField(ORDER_STATUSES),
    amount: z.number().int().positive().max(100_000_000_000, { error: 'amount is too large' }).optional(),
    isDelay: flag('isDelay').optional(),
    playeduL: text(2000).optional(),
    KindTipsMsg: text(2000).optional(),
    cardNeedPop: z.union([z.literal(0), z.literal(1)], { error: 'cardNeedPop must be 0 or 1' }).optional(),
    cardPopTitle: text(200).optional(),
    cardPopMsg: text(2000).optional(),
    isScore: flag('isScore').optional(),
    reyMsg: text(2000).optional(),
    h5Url: text(2000).optional(),
    dueInDays: z.number().int().min(-3650).max(365).optional(),
    disbursedDaysAgo: z.number().int().min(0).max(3650).optional(),
    offerKey: z.string().min(1).max(200).optional(),
    market: z.enum(['PH', 'IN'], { error: 'market must be PH or IN' }).optional(),
  })
  .refine((b) => b.borrowerId !== undefined || b.userId !== undefined, { error: 'borrowerId or userId is required', path: ['borrowerId'] });

/** Approve (21→110), reject (21→151), disburse (110→170). */
export const opsOrderMove = z.object({ status: statusField([ORDER_STATUS.disbursing, ORDER_STATUS.rejected, ORDER_STATUS.repaying]) });

// ---- repayment: pay codes, the provider's "paid", repayment cards --------------------------------------

export const opsIssuePayCode = z.strictObject({
  orderId: positiveId('orderId'),
  purpose: z.enum(['repay', 'rollover'], { error: "purpose must be 'repay' or 'rollover'" }),
  channelNumber: z.string().min(1).max(32).optional(),
  amount: z.number().int().positive().optional(),
});

export const opsPayCodeParams = z.object({ code: z.string().regex(/^\d{6,32}$/, { error: 'code must be digits' }) });
export const opsPaid = z.strictObject({
  providerRef: z.string().trim().min(1).max(128).optional(),
  /** What the sandbox's counter reports (Dragonpay's letters): S paid (the default), P pending, F failed, V voided. */
  status: z.enum(['S', 'P', 'F', 'V'], { error: "status must be 'S', 'P', 'F' or 'V'" }).default('S'),
});

export const opsRepaymentCard = z.strictObject({
  borrowerId: positiveId('borrowerId'),
  bankName: z.string().trim().min(1, { error: 'bankName is required' }).max(100),
  bankCode: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'bankCode must be letters and digits' }),
  cardNo: z.string().regex(/^\d{12,19}$/, { error: 'cardNo must be 12 to 19 digits' }),
});

// ---- bind-bank: the bound accounts (masked) ----------------------------------------------------------

export const opsAccountsQuery = z.object({ borrowerId: positiveId('borrowerId') });

/** A bank account bound as the bank screen binds one (InstaPay, the demo form), made the order's payout account. */
export const opsPayoutAccount = z.strictObject({
  orderId: positiveId('orderId'),
  bankCode: z.enum(['BDO', 'BPI', 'MBTC', 'LBP', 'UBP', 'SECB'], { error: 'bankCode must be one of BDO, BPI, MBTC, LBP, UBP, SECB' }),
  accountNumber: z.string().regex(/^\d{10,16}$/, { error: 'accountNumber must be 10 to 16 digits' }),
  /** The name on the account; the borrower's name when not given. */
  accountName: z.string().trim().min(2, { error: 'accountName must be at least 2 characters' }).max(100).optional(),
});

// ---- complaints: the agent's list, a complaint, the reply ------------------------------------------------

export const opsComplaintsQuery = z.object({
  borrowerId: positiveId('borrowerId').optional(),
  open: z.enum(['0', '1'], { error: 'open must be 0 or 1' }).optional(),
});

/** The reply, as the staff back office sends it (one schema for both doors). */
export const opsComplaintReply = complaintReplyBody;

/** Test data: a complaint filed `days` earlier than it was (its promised answer date moves with it). */
export const opsComplaintBackdate = z.object({
  days: z.number({ error: 'days must be a number' }).int({ error: 'days must be a whole number' }).min(1, { error: 'days must be 1 to 400' }).max(400, { error: 'days must be 1 to 400' }),
});

// ---- promotion: captcha answers, landing counts, registrations ------------------------------------------

export const opsCaptchaParams = z.object({ sid: z.string().min(1).max(128) });

export const opsLandingStatsQuery = z.object({
  templateId: z.coerce.number({ error: 'templateId must be a number' }).int().nonnegative({ error: 'templateId must be a number' }).optional(),
  source: z.string().max(64, { error: 'source must be at most 64 characters' }).optional(),
});

export const opsRegistrationsQuery = z.object({ phone: phoneDigits('phone').optional() });

// ---- staff: accounts for tests and demos, and the code an authenticator app would show ----------------

export const opsNewStaff = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email({ error: 'email must be an e-mail address' })),
  name: z.string().trim().min(1, { error: 'name is required' }).max(100).default('Test Staff'),
  roles: z.array(z.enum(STAFF_ROLES, { error: `roles must be ${STAFF_ROLES_LISTED}` })).min(1, { error: 'roles must name at least one role' }),
  /** Without one, a temporary password is drawn (and must be changed at the first sign-in). */
  password: newPasswordField.optional(),
  /** base32: the account starts with this TOTP secret; without one, admin and finance set one up at the first sign-in. */
  totpSecret: z.string().regex(/^[A-Z2-7]{16,64}$/, { error: 'totpSecret must be 16 to 64 base32 characters' }).optional(),
});

export const opsStaffEmailQuery = z.object({ email: z.string().trim().toLowerCase().min(3, { error: 'email is required' }) });

// ---- reminders: one pass of the SMS payment reminder job, and the inbound SMS (STOP / START) -----------

/** What a borrower's phone texted to the lender's SMS number (the stand-in for the gateway's inbound callback). */
export const opsSmsInbound = z.strictObject({
  phone: phoneDigits('phone'),
  text: z.string({ error: 'text is required' }).max(1600, { error: 'text must be at most 1600 characters' }),
});
