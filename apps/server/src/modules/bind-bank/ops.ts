/**
 * The back office's read of payment accounts (docs/ops.md): masked numbers only, as everywhere; and,
 * for demos and tests, binding a payout account to an order as the bank screen would. Mounted inside
 * /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { opsAccountsQuery, opsPayoutAccount } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { invalidInput, notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { listAccounts } from '../../domain/bank-cards/service.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';
import { loadOrder, ordersPayingOutTo } from '../../domain/orders/service.ts';
import { seedDemoPayoutAccounts } from './seed.ts';

export function registerBindBankOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'cardData'>): void {
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

  ops.post('/payout-accounts', async (request) => {
    const body = parseInput(opsPayoutAccount, request.body);
    const order = await loadOrder(deps.db, body.orderId);
    if (!order) throw notFound(`orderId ${body.orderId} does not exist`);
    const borrower = (await findBorrower(deps.db, { id: order.borrowerId }))!;
    const name = body.accountName ?? borrower.name;
    if (name.length < 2) throw invalidInput(`accountName is required: borrower ${borrower.id} has no name to use`);
    await deps.db.transaction((tx) =>
      seedDemoPayoutAccounts(tx, deps.cardData, { id: borrower.id, name }, [{ productId: order.productId, orderIds: [order.id], bankCode: body.bankCode, accountNumber: body.accountNumber }], deps.clock.now()),
    );
    const account = (await listAccounts(deps.db, borrower.id)).find((a) => a.replacedAt === null)!;
    return opsAnswer({ id: account.id, orderId: order.id, bankName: account.bankName, cardNo: account.cardNoMasked });
  });
}
