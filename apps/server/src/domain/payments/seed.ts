/** The demo catalogue's over-the-counter payment channels with their instructions (seed/demo.ts composes the demo). */
import type { Queryable } from '../../platform/db/client.ts';
import { insertChannel } from './store.ts';

type Notice = Record<string, Array<{ name: string; steps: string[] }>>;
const REFERENCE_STEP = 'Enter your Contract No. as the reference number and the exact total payment.';
const KEEP_RECEIPT = 'Keep the receipt: your loan is updated within 15 minutes of payment.';

/** Repayment channels; the first (90006) is preselected on the repayment screens. */
const CHANNELS: Array<{ channelNumber: string; name: string; logo: string; kind: 'code' | 'qr'; payNotice: Notice }> = [
  {
    channelNumber: '90006',
    name: 'Online Banking',
    logo: '/logos/channel-online-banking.svg',
    kind: 'code',
    payNotice: {
      'Mobile banking app': [
        { name: 'BDO, BPI, Metrobank, UnionBank and others', steps: ['Log in to your bank app and open Pay Bills.', 'Choose the biller "PesoNow Lending".', REFERENCE_STEP, 'Confirm the payment.'] },
      ],
      'Bank branch': [{ name: 'Over the counter', steps: ['Fill in a bills payment slip for "PesoNow Lending".', REFERENCE_STEP, KEEP_RECEIPT] }],
    },
  },
  {
    channelNumber: '90007',
    name: '7-Eleven',
    logo: '/logos/channel-7eleven.svg',
    kind: 'code',
    payNotice: {
      'CLiQQ kiosk': [
        { name: 'At the kiosk', steps: ['Tap Bills Payment, then Loans.', 'Choose "PesoNow Lending".', REFERENCE_STEP, 'Pay the printed slip at the cashier within 1 hour.'] },
      ],
      'At the cashier': [{ name: 'Without the kiosk', steps: ['Tell the cashier you are paying a PesoNow loan.', 'Show your Contract No. and pay the total.', KEEP_RECEIPT] }],
    },
  },
  {
    channelNumber: '90008',
    name: 'GCash',
    logo: '/logos/channel-gcash.svg',
    kind: 'code',
    payNotice: {
      'GCash app': [{ name: 'Bills payment', steps: ['Open GCash and tap Bills, then Loans.', 'Choose "PesoNow Lending".', REFERENCE_STEP, 'Tap Confirm and keep the confirmation message.'] }],
    },
  },
  {
    channelNumber: '90009',
    name: 'Maya',
    logo: '/logos/channel-maya.svg',
    kind: 'code',
    payNotice: {
      'Maya app': [{ name: 'Pay bills', steps: ['Open Maya and tap Bills.', 'Search for "PesoNow Lending".', REFERENCE_STEP, 'Tap Pay and keep the receipt.'] }],
    },
  },
  {
    channelNumber: '90010',
    name: 'Cebuana Lhuillier',
    logo: '/logos/channel-cebuana.svg',
    kind: 'code',
    payNotice: {
      'Branch payment': [
        { name: 'Any Cebuana Lhuillier branch', steps: ['Ask for a bills payment form for "PesoNow Lending".', REFERENCE_STEP, 'Present a valid ID and pay in cash.', KEEP_RECEIPT] },
      ],
    },
  },
  // The lender's own QR Ph code (docs/repayment.md, "QR Ph"): any Philippine e-wallet or bank app scans it, the amount and reference filled in.
  {
    channelNumber: '90011',
    name: 'QR Ph',
    logo: '/logos/channel-qrph.svg',
    kind: 'qr',
    payNotice: {
      'Any e-wallet or bank app': [
        {
          name: 'Scan to pay',
          steps: [
            'Open GCash, Maya or your bank app and choose Scan QR (or Pay QR).',
            'Scan the code on this screen, or save it and upload it from your gallery.',
            'Check that the amount and the payee "PESONOW LENDING" are right, then pay.',
            KEEP_RECEIPT,
          ],
        },
      ],
    },
  },
];

export async function seedPaymentChannels(db: Queryable): Promise<void> {
  for (const [sort, c] of CHANNELS.entries()) await insertChannel(db, { ...c, sort });
}
