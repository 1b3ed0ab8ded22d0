/** The back office's read of payment accounts (docs/ops.md): masked numbers only, as everywhere. Mounted inside /ops, which checks the token. */
import type { FastifyInstance } from 'fastify';
import { opsAccountsQuery } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { listAccounts } from '../../domain/bank-cards/service.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';
import { ordersPayingOutTo } from '../../domain/orders/service.ts';

export function registerBindBankOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  ops.get('/bank-cards', async (request) => {
    const { borrowerId } = parseInput(opsAccountsQuery, request.query);
    if (!(await findBorrower(deps.db, { id: borrowerId }))) throw notFound(`borrowerId ${borrowerId} does not exist`);
    const accounts = await listAccounts(deps.db, borrowerId);
    const payingOut = await ordersPayingOutTo(deps.db, accounts.map((a) => a.id));
    const items = accounts.map(({ cardNoMasked, ...account }) => ({
      ...account,
      orderIds: payingOut.get(account.id) ?? [],
      cardNo: cardNoMasked,
      current: account.boundVia !== null && account.replacedAt === null,
    }));
    return opsAnswer({ items });
  });
}
