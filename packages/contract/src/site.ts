/**
 * The public site (/, /pluralityCounting, /maySimilar): the site's configuration (spec section 3,
 * Config, plus the company disclosures a Philippine online lender must show) and every figure of the
 * published loan terms (spec section 9), from the server's loan-terms module.
 */
import { z } from 'zod';
import { emptyPayload, minorUnits } from './schema.ts';

const wholeDays = z.number().int().nonnegative();
const dayRange = z.object({ min: wholeDays, max: wholeDays });
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .describe('#rrggbb');

export const loanTermsFigures = z
  .object({
    /** Loan term bounds in calendar days (91 to 365). */
    termDays: dayRange.describe('calendar days'),
    /** The one-time late penalty: new borrowers 1,000, repeat borrowers 800 (minor units). */
    latePenalty: z.object({ newBorrower: minorUnits, repeatBorrower: minorUnits }),
    /** Daily interest on the overdue amount by overdue day: 5 % days 1-30, 4 % days 31-90, 2 % from day 91. */
    overdueInterestTiers: z
      .array(
        z.object({
          firstDay: z.number().int().min(1),
          lastDay: z.number().int().min(1).nullable().describe('null: no last day'),
          dailyRateBp: z.number().int().nonnegative().describe('basis points per day (500 = 5 %)'),
        }),
      )
      .min(1),
    /** A worked example computed by the server's overdue-interest rule. */
    overdueExample: z.object({ overdueAmount: minorUnits, days: wholeDays, interest: minorUnits }),
    prepayment: z.object({
      /** The share of the term that must have passed (1/2: half the term). */
      termShare: z.object({ numerator: z.number().int().min(1), denominator: z.number().int().min(1) }),
      /** Never before this many days from disbursement. */
      minDaysFromDisbursement: wholeDays,
      /** The day early repayment opens for the shortest and the longest term, by the server's rule. */
      examples: z.array(z.object({ termDays: wholeDays, opensOnDay: wholeDays })),
    }),
    /** Days within which the funds are credited (1 to 3). */
    creditDays: dayRange,
    /** Days within which an application is decided (1). */
    decisionDays: wholeDays,
    /** Days of notice before a change of the terms takes effect (3). */
    changeNoticeDays: wholeDays,
    /** Business days of notice before the loan is assigned (7). */
    assignmentNoticeBusinessDays: wholeDays,
    /** Who may apply: at least 18 years old, Filipino. */
    applicant: z.object({ minAge: wholeDays, nationality: z.string() }),
    /** The legal caps on charges that cover small, short loans (SEC MC 3 s2022 as amended; docs/loan-terms.md). */
    chargeCaps: z.object({
      circular: z.string(),
      maxPrincipal: minorUnits,
      maxTermDays: wholeDays,
      nominalMonthlyBp: z.number().int().positive(),
      effectiveMonthlyBp: z.array(z.object({ fromDate: z.string(), bp: z.number().int().positive() })).min(1),
      lateMonthlyBp: z.number().int().positive(),
      totalCostBp: z.number().int().positive(),
    }),
  })
  .describe('every figure of the published loan terms, from the loan-terms module the server computes with');
export type LoanTermsFigures = z.infer<typeof loanTermsFigures>;

export const siteConfig = {
  payload: emptyPayload,
  answer: z.object({
    appEnName: z.string(),
    appCnName: z.string(),
    /** The theme colours (teal by default). */
    theme: z.object({ primaryColor: colour, backgroundColor: colour, fontColor: colour }),
    servicePhone: z.string(),
    /** The support e-mail (the same setting contact-kf-info answers to a borrower with a session). */
    serviceEmail: z.string(),
    /** The native app's deep-link scheme. */
    schemeUrl: z.string(),
    /** The lender entity and the disclosures a Philippine online lender must show. */
    company: z.object({
      /** The name the company trades under. */
      name: z.string(),
      /** The registered corporate name. */
      corporateName: z.string(),
      secRegistrationNo: z.string(),
      certificateOfAuthorityNo: z.string(),
      address: z.string(),
      email: z.string(),
      telephone: z.string(),
    }),
    /** Who handles privacy and service grievances. */
    grievanceOfficer: z.object({ name: z.string(), email: z.string(), telephone: z.string() }),
    privacy: z.object({
      minorsAge: wholeDays.describe('people younger than this are minors (18)'),
      /** Ours (issue 39): the policy's promise of an answer to a request made on "My data" (DATA_REQUEST_ANSWER_DAYS). */
      requestAnswerDays: wholeDays.describe('calendar days within which a correction or erasure request is answered (30)'),
    }),
    loanTerms: loanTermsFigures,
  }),
};
export type SiteConfig = z.infer<typeof siteConfig.answer>;
