/**
 * Run by logs.test.ts in a child process, so that test can read every line the server logs: a test
 * app logging at trace level (to this process's stdout) binds, refuses, shows and lists accounts.
 * Usage: node --import tsx log-probe.ts <refused number> <bank account number> <e-wallet number>
 */
import { bindCardChangeRoute, bindCardNewRoute, callUrlPath, cardInitRoute } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query } from './test-app.ts';
import { seedCatalog } from '../seed/demo.ts';

const [refusedNumber, bankNumber, walletNumber] = process.argv.slice(2);
if (!refusedNumber || !bankNumber || !walletNumber) throw new Error('usage: log-probe.ts <refused number> <bank account number> <e-wallet number>');

const t = await createTestApp({ LOG_LEVEL: 'trace' });
try {
  const [productId] = await seedCatalog(t.db);
  const { borrowerId, session } = await t.newBorrower();
  const ops = { authorization: `Bearer ${t.config.OPS_TOKEN}` };
  await t.app.inject({ method: 'POST', url: '/ops/orders', headers: ops, payload: { borrowerId, productId, status: 180, cardNeedPop: 1 } });
  const bank = { product_id: String(productId), cardType: '1', channel: '90006', bankCode: 'BDO', accountName: 'Juan Dela Cruz', city: 'Manila' };
  const wallet = { product_id: String(productId), cardType: '2', channel: '90008', accountName: 'Juan Dela Cruz', city: 'Manila' };
  const post = (path: string, payload: Record<string, string>, extraQuery: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${path}?${query({ ...session, ...extraQuery })}`, headers: FORM_HEADERS, payload: form(payload) });

  const answers = [
    await post(callUrlPath(bindCardNewRoute), { ...bank, cardNo: refusedNumber }),
    await post(callUrlPath(bindCardNewRoute), { ...bank, cardNo: bankNumber }),
    await post(callUrlPath(bindCardChangeRoute), { ...wallet, cardNo: walletNumber }),
    await post(callUrlPath(cardInitRoute), { product_id: String(productId) }),
    // A client that puts the whole form in the address: the logged URL must not carry the number.
    await post(callUrlPath(bindCardNewRoute), {}, { ...bank, cardNo: bankNumber }),
    await t.app.inject({ method: 'GET', url: `/ops/bank-cards?borrowerId=${borrowerId}`, headers: ops }),
  ];
  process.stdout.write(`${JSON.stringify({ probe: 'done', statuses: answers.map((a) => a.statusCode) })}\n`);
} finally {
  await t.close();
}
