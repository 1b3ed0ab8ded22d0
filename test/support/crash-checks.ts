/**
 * What must hold after the server was killed: through the restarted server's own answers (every
 * acknowledged complaint with its images, every acknowledged payment once, the order's paid amount
 * equal to its ledger), and straight in the database and the uploads directory while no server
 * runs (nothing half-written anywhere, and after the orphan sweep no upload nobody references).
 * Each check returns the problems it found, as sentences; an empty list is a pass.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDbClock } from '../../apps/server/src/platform/clock/clock.ts';
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import type { ComplaintRow } from '../../apps/server/src/modules/complaints/store.ts';
import type { PaymentResult } from '../../apps/server/src/domain/payments/payments.ts';
import type { PaymentRow } from '../../apps/server/src/domain/payments/payments.ts';
import { createLocalDiskStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { sweepOrphanUploads } from '../../apps/server/src/modules/complaints/orphan-sweep.ts';
import { ops, type Target } from './api.ts';
import type { AckedComplaint, Ledger, RepaymentOrder } from './crash-workload.ts';

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** One acknowledged complaint through ops and its images through /uploads, as the agent and the borrower see them. */
async function checkComplaintOverHttp(target: Target, acked: AckedComplaint): Promise<string[]> {
  const problems: string[] = [];
  const { data } = await ops<ComplaintRow>(target, 'GET', `/complaints/${acked.problemId}`).catch((error: unknown) => {
    throw new Error(`acknowledged complaint ${acked.problemId} cannot be read: ${String(error)}`);
  });
  if (data.borrowerId !== acked.borrowerId || data.detail !== acked.detail || !sameList(data.images, acked.images)) {
    problems.push(`complaint ${acked.problemId} changed: ${JSON.stringify({ detail: data.detail, images: data.images })} != ${JSON.stringify(acked)}`);
  }
  for (const url of acked.images) {
    const res = await fetch(`${target.url}${url}`, { signal: AbortSignal.timeout(15_000) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.status !== 200 || res.headers.get('content-type') !== 'image/jpeg' || !JPEG_MAGIC.every((b, i) => bytes[i] === b)) {
      problems.push(`image ${url} of complaint ${acked.problemId} is not served whole (HTTP ${res.status}, ${bytes.length} bytes)`);
    }
  }
  return problems;
}

/** A repayment order: each acknowledged payment exactly once, and paid_minor = its start + what its payments applied (none beyond what was owed). */
async function checkOrderOverHttp(target: Target, ledger: Ledger, order: RepaymentOrder): Promise<string[]> {
  const problems: string[] = [];
  const { data } = await ops<{ order: { paidMinor: number }; payments: Array<PaymentRow<PaymentResult>> }>(target, 'GET', `/orders/${order.orderId}`);
  const byCode = new Map<string, number>();
  for (const p of data.payments) byCode.set(p.result.payCode, (byCode.get(p.result.payCode) ?? 0) + 1);
  for (const [code, n] of byCode) if (n > 1) problems.push(`pay code ${code} of order ${order.orderId} was applied ${n} times`);
  for (const acked of ledger.payments.filter((p) => p.orderId === order.orderId)) {
    const stored = data.payments.find((p) => p.id === acked.paymentId);
    if (!stored || stored.result.payCode !== acked.code || stored.amountMinor !== acked.amountMinor) {
      problems.push(`acknowledged payment ${acked.paymentId} (code ${acked.code}, ${acked.amountMinor}) of order ${order.orderId} is missing or changed`);
    }
  }
  const sum = data.payments.reduce((n, p) => n + p.amountMinor - p.result.unappliedMinor, 0);
  if (data.order.paidMinor !== order.initialPaidMinor + sum) {
    problems.push(`order ${order.orderId}: paidMinor ${data.order.paidMinor} but its payments add up to ${order.initialPaidMinor} + ${sum}`);
  }
  const latest = data.payments[0];
  if (latest && latest.result.order.paidMinor !== data.order.paidMinor) {
    problems.push(`order ${order.orderId}: paidMinor ${data.order.paidMinor} but its latest payment's result says ${latest.result.order.paidMinor}`);
  }
  return problems;
}

/** After a restart: the complaints acknowledged since the last check, and every repayment order. */
export async function checkOverHttp(target: Target, ledger: Ledger, orders: RepaymentOrder[], complaintsFrom: number): Promise<string[]> {
  const problems: string[] = [];
  for (const acked of ledger.complaints.slice(complaintsFrom)) problems.push(...(await checkComplaintOverHttp(target, acked)));
  for (const order of orders) problems.push(...(await checkOrderOverHttp(target, ledger, order)));
  return problems;
}

export interface StoreCheck {
  problems: string[];
  /** Files and rows the sweep removed. */
  swept: number;
  complaints: number;
  images: number;
  payments: number;
}

/**
 * With no server running: opens the data dir as the server would (recovering it), checks every
 * complaint, image and payment in it, runs the orphan sweep with no grace period, and checks that
 * no upload row or file survives that no complaint references.
 */
export async function checkStore(dataDir: string, ledger: Ledger): Promise<StoreCheck> {
  const db = await openDb({ dataDir, migrate: true });
  const storage = createLocalDiskStorage(join(dataDir, 'uploads'));
  const problems: string[] = [];
  try {
    // Complaints: every acknowledged one, once; every one (acknowledged or not) whole.
    const { rows: complaints } = await db.query<{ id: number; borrower_id: number; detail: string; images: string[] }>(
      'SELECT id, borrower_id, detail, images FROM complaints',
    );
    const { rows: imageRows } = await db.query<{ url: string; storage_key: string; borrower_id: number }>('SELECT url, storage_key, borrower_id FROM complaint_images');
    const imageByUrl = new Map(imageRows.map((r) => [r.url, r]));
    for (const acked of ledger.complaints) {
      const found = complaints.filter((c) => c.detail === acked.detail);
      if (found.length !== 1 || Number(found[0]!.id) !== acked.problemId || !sameList(found[0]!.images, acked.images)) {
        problems.push(`acknowledged complaint ${acked.problemId} is stored ${found.length} times or changed`);
      }
    }
    const details = new Set<string>();
    for (const c of complaints) {
      if (details.has(c.detail)) problems.push(`complaint text filed twice: ${c.detail}`);
      details.add(c.detail);
      for (const url of c.images) {
        const row = imageByUrl.get(url);
        if (!row || Number(row.borrower_id) !== Number(c.borrower_id)) problems.push(`complaint ${c.id} names image ${url} with no upload row of its borrower`);
        else if (!(await storage.read(row.storage_key))) problems.push(`complaint ${c.id}: the file of image ${url} is missing or not a whole image`);
      }
    }

    // Payments: no ledger row without its pay code marked paid, no paid code without its payment,
    // and every order's paid amount equal to what its payments say.
    const { rows: halfPaid } = await db.query<{ code: string; status: string; payments: number }>(
      `SELECT pc.code, pc.status, count(pm.id)::int AS payments FROM pay_codes pc LEFT JOIN payments pm ON pm.pay_code_id = pc.id
        GROUP BY pc.id HAVING (pc.status = 'paid') <> (count(pm.id) = 1) OR count(pm.id) > 1`,
    );
    for (const r of halfPaid) problems.push(`pay code ${r.code} is '${r.status}' with ${r.payments} payments`);
    const { rows: orders } = await db.query<{ id: number; paid_minor: number; latest: number | null }>(
      `SELECT o.id, o.paid_minor,
              (SELECT (pm.result->'order'->>'paidMinor')::bigint FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id
                WHERE pc.order_id = o.id ORDER BY pm.id DESC LIMIT 1) AS latest
         FROM orders o`,
    );
    for (const o of orders) {
      if (o.latest !== null && Number(o.latest) !== Number(o.paid_minor)) problems.push(`order ${o.id}: paid_minor ${o.paid_minor}, its latest payment says ${o.latest}`);
    }
    const { rows: payments } = await db.query<{ code: string }>('SELECT pc.code FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id');
    const applied = new Set(payments.map((p) => p.code));
    for (const acked of ledger.payments) if (!applied.has(acked.code)) problems.push(`acknowledged payment of pay code ${acked.code} is gone`);

    // The orphan sweep, then: every upload row and file is one a complaint references.
    const { removed } = await sweepOrphanUploads({ db, storage, clock: await createDbClock(db) }, { olderThanMs: 0 });
    const referenced = new Set(complaints.flatMap((c) => c.images));
    const { rows: left } = await db.query<{ url: string; storage_key: string }>('SELECT url, storage_key FROM complaint_images');
    for (const r of left) if (!referenced.has(r.url)) problems.push(`upload row ${r.url} survived the sweep with no complaint referencing it`);
    const keys = new Set(left.map((r) => r.storage_key));
    const folder = join(dataDir, 'uploads', 'complaints');
    let files: string[] = [];
    try {
      files = readdirSync(folder);
    } catch {
      // no upload yet
    }
    for (const name of files) if (!keys.has(`complaints/${name}`)) problems.push(`upload file complaints/${name} survived the sweep with no row`);
    for (const url of referenced) if (!left.some((r) => r.url === url)) problems.push(`the sweep removed image ${url}, which a complaint references`);

    return { problems, swept: removed, complaints: complaints.length, images: left.length, payments: payments.length };
  } finally {
    await db.close();
  }
}
