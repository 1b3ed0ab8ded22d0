// `npm run provider:standin`: the local Dragonpay stand-in (test/support/dragonpay-standin.ts) on its
// own, for watching a pay code be paid end to end (docs/ops.md, "The payment provider").
import { startDragonpayStandin } from '../test/support/dragonpay-standin.ts';

const port = Number(process.env.STANDIN_PORT ?? 4010);
const server = process.env.STANDIN_SERVER ?? 'http://127.0.0.1:8080';
const standin = await startDragonpayStandin({ port, merchantId: 'STANDIN', password: 'standin-demo-password', postbackUrl: `${server}/api/v1/payments/dragonpay/postback` });
process.stdout.write(
  [
    `Dragonpay stand-in on ${standin.baseUrl} (postbacks to ${server}).`,
    'Start the server against it:',
    `  PAYMENT_PROVIDER=dragonpay DRAGONPAY_MERCHANT_ID=${standin.merchantId} DRAGONPAY_PASSWORD=${standin.password} DRAGONPAY_BASE_URL=${standin.baseUrl} npm start`,
    'Issue a pay code on a repayment screen (its code is the stand-in\'s refno), then "pay" it:',
    `  curl -X POST ${standin.baseUrl}/_standin/pay/<refno>          (status S; ?status=P for pending)`,
    '',
  ].join('\n'),
);
