/**
 * Complaints in the dev back office (docs/ops.md): the agent's list, one complaint, and the reply the
 * borrower's details screen shows as its Process Result (through the agent service the staff back
 * office uses). Mounted inside /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { opsComplaintBackdate, opsComplaintReply, opsComplaintsQuery, opsIdParams } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { problemTitles } from './problem-types.ts';
import { replyToComplaint } from './agent-service.ts';
import { backdateComplaint, findComplaint, listComplaints, type ComplaintRow } from './store.ts';

/** A complaint as the agent sees it: the borrower's words, the stored values with their titles, the reply and the rating. */
const complaintView = (c: ComplaintRow) => ({ ...c, titles: problemTitles(c.problemType, c.problemSonType) });

export function registerComplaintsOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>): void {
  const { db, clock } = deps;

  ops.get('/complaints', async (request) => {
    const { borrowerId, open } = parseInput(opsComplaintsQuery, request.query);
    return opsAnswer({ items: (await listComplaints(db, { borrowerId, open: open === '1' }, 50)).map(complaintView) });
  });

  ops.get('/complaints/:id', async (request) => {
    const { id } = parseInput(opsIdParams, request.params);
    const complaint = await findComplaint(db, id);
    if (!complaint) throw notFound(`Complaint ${id} does not exist`);
    return opsAnswer(complaintView(complaint));
  });

  ops.post('/complaints/:id/reply', async (request) => {
    const { id } = parseInput(opsIdParams, request.params);
    const body = parseInput(opsComplaintReply, request.body);
    // The back office's own rule for replies (agent-service.ts): one rule, two doors.
    const { after } = await db.transaction((tx) => replyToComplaint(tx, id, body, clock.now()));
    return opsAnswer(complaintView(after));
  });

  // Test data: a complaint past its promised answer date without moving the clock other tests share.
  ops.post('/complaints/:id/backdate', async (request) => {
    const { id } = parseInput(opsIdParams, request.params);
    const { days } = parseInput(opsComplaintBackdate, request.body);
    if (!(await backdateComplaint(db, id, days))) throw notFound(`Complaint ${id} does not exist`);
    return opsAnswer(complaintView((await findComplaint(db, id))!));
  });
}
