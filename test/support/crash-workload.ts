/**
 * The clients of the SIGKILL test and the record of what the server acknowledged to them.
 *
 * Complaint clients upload 1–3 JPEGs and file a complaint with them (problem-save); repayment
 * clients issue a partial pay code for their overdue order and then send the provider's "paid"
 * notification for it (ops, as the webhook will). A write counts as acknowledged only when its
 * success answer reached the client. A request that got no answer because the server died is left
 * pending and retried after the restart, as a real client (the page, the provider's webhook) would.
 */
import {
  COMPLAINT_IMAGE_FIELD,
  problemSaveCall,
  uploadProblemImgCall,
  type SessionParams,
  type UploadedImage,
} from '@cashloan/contract';
import { UPLOADS_PER_HOUR } from '../../apps/server/src/modules/complaints/upload-quota.ts';
import { borrowerCall, borrowerUpload, ops, type Target } from './api.ts';

/** Not a collection complaint (those need an order that may be collected on): 'Repayment'. */
const PROBLEM_TYPE = '3';

export interface Borrower {
  borrowerId: number;
  session: SessionParams;
}
export interface ComplaintPayload {
  problemType: string;
  problemSonType: string;
  problemDetail: string;
  problemImage: string;
  orderNo: string;
}
export interface AckedComplaint {
  problemId: number;
  borrowerId: number;
  detail: string;
  images: string[];
}
export interface PayCode {
  code: string;
  orderId: number;
  amountMinor: number;
}
export interface AckedPayment extends PayCode {
  paymentId: number;
}
export interface RepaymentOrder {
  orderId: number;
  /** paid_minor when the order was created, before any payment of this test. */
  initialPaidMinor: number;
}

interface PaidResult {
  paymentId: number;
  payCode: string;
  amountMinor: number;
  order: { id: number; paidMinor: number };
}

/** Everything acknowledged so far, and what was in flight when the server died. */
export class Ledger {
  readonly complaints: AckedComplaint[] = [];
  /** Issued pay codes (acknowledged) not yet acknowledged as paid. */
  readonly unpaidCodes: PayCode[] = [];
  readonly payments: AckedPayment[] = [];
  /** problem-save sent, no answer. */
  readonly pendingSaves: Array<{ borrower: Borrower; payload: ComplaintPayload; images: string[] }> = [];
  uploads = 0;
  /** Acknowledged uploads that were never attached (their client died before problem-save). */
  abandonedUploads = 0;
  /** Writes whose request got no answer. */
  unanswered = 0;
  /** Pending writes resolved after a restart, and how: the retry found the first one, or filed it now. */
  resolved = { saves: 0, savesRefusedAfterSweep: 0, paids: 0, paidsAlreadyApplied: 0 };

  settle(code: string): void {
    const i = this.unpaidCodes.findIndex((c) => c.code === code);
    if (i >= 0) this.unpaidCodes.splice(i, 1);
  }

  recordPaid(result: PaidResult, code: PayCode, replay: boolean): void {
    if (result.payCode !== code.code || result.amountMinor !== code.amountMinor) {
      throw new Error(`paid answer for ${code.code} names ${result.payCode} / ${result.amountMinor}, expected ${code.amountMinor}`);
    }
    this.settle(code.code);
    if (this.payments.some((p) => p.code === code.code)) {
      if (!replay) throw new Error(`pay code ${code.code} was applied twice (the second notification did not answer 'already applied')`);
      return;
    }
    this.payments.push({ ...code, paymentId: result.paymentId });
  }
}

/** The server died under the request: no answer at all (fetch's own error), not an error answer. */
export const isNoAnswer = (error: unknown) => error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');

export const providerRef = (code: string) => `crash-test:${code}`;

/** Sends the provider's paid notification for `code` and records the acknowledgement. */
export async function notifyPaid(target: Target, ledger: Ledger, code: PayCode): Promise<'applied' | 'already applied'> {
  const { data, message } = await ops<PaidResult>(target, 'POST', `/pay-codes/${code.code}/paid`, { providerRef: providerRef(code.code) });
  const replay = message === 'already applied';
  ledger.recordPaid(data, code, replay);
  return replay ? 'already applied' : 'applied';
}

export interface WorkloadOptions {
  target: Target;
  ledger: Ledger;
  random: () => number;
  /** Distinct JPEGs to upload. */
  images: Uint8Array[];
  /** Set once the kill is decided: every failure after it is the kill's, not a bug. */
  killed: () => boolean;
  /** A prefix that makes every complaint text of this run unique. */
  tag: string;
}

/**
 * One complaint client: files complaints one after another until the server dies. A borrower may
 * upload UPLOADS_PER_HOUR images an hour, so the client moves on to a new borrower before that.
 */
export async function complaintClient(options: WorkloadOptions, newBorrower: () => Promise<Borrower>): Promise<void> {
  const { target, ledger, random, images, killed } = options;
  let borrower: Borrower | null = null;
  let uploaded = 0;
  for (let n = 0; !killed(); n++) {
    const urls: string[] = [];
    const count = 1 + Math.floor(random() * 3);
    if (!borrower || uploaded + count > UPLOADS_PER_HOUR) {
      try {
        borrower = await newBorrower();
        uploaded = 0;
      } catch (error) {
        if (!killed() || !isNoAnswer(error)) throw error;
        return;
      }
    }
    for (let i = 0; i < count; i++) {
      const bytes = images[Math.floor(random() * images.length)]!;
      try {
        const { url } = await borrowerUpload<UploadedImage>(target, borrower.session, uploadProblemImgCall, COMPLAINT_IMAGE_FIELD, {
          name: `evidence-${i}.jpg`,
          type: 'image/jpeg',
          bytes,
        });
        urls.push(url);
        uploaded++;
        ledger.uploads++;
      } catch (error) {
        if (!killed() || !isNoAnswer(error)) throw error;
        ledger.unanswered++;
        ledger.abandonedUploads += urls.length;
        return;
      }
    }
    const payload: ComplaintPayload = {
      problemType: PROBLEM_TYPE,
      problemSonType: '',
      problemDetail: `${options.tag} borrower ${borrower.borrowerId} complaint ${n}: the repayment I made is not shown.`,
      problemImage: urls.join(','),
      orderNo: '',
    };
    try {
      const { problemId } = await borrowerCall<{ problemId: number }>(target, borrower.session, problemSaveCall, { ...payload });
      ledger.complaints.push({ problemId, borrowerId: borrower.borrowerId, detail: payload.problemDetail, images: urls });
    } catch (error) {
      if (!killed() || !isNoAnswer(error)) throw error;
      ledger.unanswered++;
      ledger.pendingSaves.push({ borrower, payload, images: urls });
      return;
    }
  }
}

/** One repayment client: pays its order in small partial payments until the server dies. */
export async function repaymentClient(options: WorkloadOptions, order: RepaymentOrder): Promise<void> {
  const { target, ledger, random, killed } = options;
  while (!killed()) {
    let code: PayCode;
    try {
      // Small and different amounts: thousands of payments never settle the order (₱7,993.91 owed),
      // and a live code is never reused for a second payment.
      const amountMinor = 10 + Math.floor(random() * 90);
      const { data } = await ops<{ code: string; amountMinor: number }>(target, 'POST', '/pay-codes', { orderId: order.orderId, purpose: 'repay', amount: amountMinor });
      code = { code: data.code, orderId: order.orderId, amountMinor: data.amountMinor };
      ledger.unpaidCodes.push(code);
    } catch (error) {
      if (!killed() || !isNoAnswer(error)) throw error;
      ledger.unanswered++;
      return;
    }
    try {
      await notifyPaid(target, ledger, code);
    } catch (error) {
      if (!killed() || !isNoAnswer(error)) throw error;
      // Still in unpaidCodes: the notification is sent again after the restart.
      ledger.unanswered++;
      return;
    }
  }
}
