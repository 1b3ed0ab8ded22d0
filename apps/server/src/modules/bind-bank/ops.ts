/** The back office's read of payment accounts (docs/ops.md): masked numbers only, as everywhere. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { invalidInput, notFound } from '../../platform/http/api-error.ts';
import { describeIssue } from '../../platform/http/validation.ts';
import { findBorrower } from '../../domain/borrowers/store.ts';
import { listAccounts } from './store.ts';

const accountsQuery = z.object({
  borrowerId: z.coerce.number({ error: 'borrowerId must be a number' }).int().positive({ error: 'borrowerId must be a positive whole number' }),
});

export function registerBindBankOps(ops: FastifyInstance, deps: AppDeps): void {
  ops.get('/bank-cards', async (request) => {
    const parsed = accountsQuery.safeParse(request.query ?? {});
    if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
    const { borrowerId } = parsed.data;
    if (!(await findBorrower(deps.db, { id: borrowerId }))) throw notFound(`borrowerId ${borrowerId} does not exist`);
    const items = (await listAccounts(deps.db, borrowerId)).map(({ cardNoMasked, ...account }) => ({
      ...account,
      cardNo: cardNoMasked,
      current: account.boundVia !== null && account.replacedAt === null,
    }));
    return { code: 0, message: 'success', data: { items } };
  });
}
