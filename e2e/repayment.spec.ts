/**
 * Repayment against the real server: a due order repaid with a pay code that the provider (the ops
 * API) reports paid twice; a rollover that moves the due date; and a card repayment with its SMS
 * verification code — each through to what the order shows and what the server stored.
 */
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { test, expect, newOrder, orderIds } from './fixtures.ts';

interface PaidResult {
  paymentId: number;
  outcome: string;
  amountMinor: number;
  order: { status: number };
}
interface OrderView {
  shownStatus: number;
  payments: Array<{ amountMinor: number }>;
}

const CARD_NO = '4000123412344821';

/** The smallest phone the screens are built for: nothing needs sideways scrolling, and every control is at least 44 px high. */
async function expectFitsNarrowPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input'))
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName} "${(el.textContent ?? '').trim() || el.getAttribute('aria-label')}" ${el.getBoundingClientRect().height}px`),
  );
  expect(small).toEqual([]);
  await page.setViewportSize({ width: 375, height: 667 });
}

/** Taps Payment and returns the pay code of the repayment-code screen it opens. */
async function payAndReadCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Payment', exact: true }).tap();
  await expect(page).toHaveURL(/\/repaymentOfCode\?showType=1&payCode=\d{12}&/);
  const code = new URL(page.url()).searchParams.get('payCode')!;
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  return code;
}

/** The text of the QR code in a PNG. */
function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  if (!found) throw new Error('no QR code in the image');
  return found.data;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), the checksum EMVCo QR codes end with, as 4 hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level fields of an EMVCo merchant-presented payload: id → value. */
function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    fields.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

test.describe('Repayment', () => {
  test('a due order repaid with a pay code: paid twice by the provider, settled once', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/allowedAlso', orderIds(order)));
    await expect(page).toHaveTitle('Repayment');
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₱5,605.00', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PesoNow Cash' })).toBeVisible();
    // Two detail rows until 'more'.
    await expect(page.getByRole('term')).toHaveCount(2);
    await page.getByRole('button', { name: 'more' }).tap();
    await expect(page.getByRole('term').filter({ hasText: 'Order No.' })).toBeVisible();
    await page.getByRole('button', { name: 'hide' }).tap();
    await expect(page.getByRole('term')).toHaveCount(2);
    // No code issued yet: no pay-code card.
    await expect(page.getByRole('region', { name: 'Your pay code' })).toHaveCount(0);
    await expectFitsNarrowPhone(page);

    await page.getByRole('button', { name: /Payment Method/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Payment Method' });
    await expect(sheet.getByText('Please select your repayment method for payment')).toBeVisible();
    await expect(sheet.getByRole('radio', { name: 'Online Banking' })).toHaveAttribute('aria-checked', 'true');
    await sheet.getByRole('button', { name: 'Close' }).tap();

    const code = await payAndReadCode(page);
    await expect(page.getByText('₱5,605.00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Copy the repayment code ${code}` }).tap();
    await expect(page.getByText('copy success')).toBeVisible();

    // Back on the screen, the default channel's card carries the code and leads to the code screen.
    await page.goBack();
    const card = page.getByRole('region', { name: 'Your pay code' });
    await expect(card.getByText(code, { exact: true })).toBeVisible();
    await card.getByRole('link', { name: /^Copy the pay code/ }).tap();
    await expect(page).toHaveURL(/\/repaymentOfCode2\?/);
    await expect(page.getByText('Contract No.', { exact: true })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    await page.getByRole('button', { name: /^Click to Copy/ }).tap();
    await expect(page.getByText('copy success')).toBeVisible();
    await expectFitsNarrowPhone(page);

    // The provider reports the payment twice: it is applied once.
    const first = await ops.request<PaidResult>('POST', `/pay-codes/${code}/paid`, { providerRef: `E2E-${code}` });
    expect(first).toMatchObject({ outcome: 'settled', amountMinor: 560_500, order: { status: 200 } });
    const second = await ops.request<PaidResult>('POST', `/pay-codes/${code}/paid`, { providerRef: `E2E-${code}` });
    expect(second.paymentId).toBe(first.paymentId);
    const stored = await ops.request<OrderView>('GET', `/orders/${order.orderId}`);
    expect(stored.shownStatus).toBe(200);
    expect(stored.payments).toHaveLength(1);

    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Borrow Again' })).toBeVisible();
  });

  test('QR Ph: the demo channel shows a scannable QR Ph code for the pay code and amount, and paying it settles the order', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/allowedAlso', orderIds(order)));
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₱5,605.00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Payment Method/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Payment Method' });
    await sheet.getByRole('radio', { name: 'QR Ph' }).tap();
    await expect(sheet).toHaveCount(0);
    await page.getByRole('button', { name: 'Payment', exact: true }).tap();
    await expect(page).toHaveURL(/\/repaymentOfCode\?showType=2&payCode=\d{12}&/);
    const code = new URL(page.url()).searchParams.get('payCode')!;
    const qr = page.getByRole('img', { name: `QR code for repayment code ${code}` });
    await expect(qr).toBeVisible();

    // The image the page shows, decoded: an EMVCo QR Ph payload for this code and amount, its checksum right.
    const image = await page.request.get((await qr.getAttribute('src'))!);
    expect(image.headers()['content-type']).toBe('image/png');
    const payload = decodeQrPng(await image.body());
    const fields = emvFields(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('53')).toBe('608');
    expect(fields.get('54')).toBe('5605.00');
    expect(fields.get('59')).toBe('PESONOW LENDING');
    expect(fields.get('62')).toContain(code);
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));

    // Paid through the provider like any code: the order is settled.
    const paid = await ops.request<PaidResult>('POST', `/pay-codes/${code}/paid`);
    expect(paid).toMatchObject({ outcome: 'settled', amountMinor: 560_500 });
    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Settled' })).toBeVisible();
  });

  test('a rollover moves the due date and returns the order to repaying', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 180, dueInDays: -5, isDelay: '1' });
    await page.goto(borrower.url('/votingCandidates', orderIds(order)));
    await expect(page).toHaveTitle('Rollover Repayment');
    await expect(page.getByRole('heading', { level: 1, name: 'Extend your loan by 91 days' })).toBeVisible();
    // The ₱750.00 fee and the late charges the SEC cap allows for 5 days: ₱5,605.00 × 5 × 5% / 30 = ₱46.70.
    await expect(page.getByText('₱796.70', { exact: true })).toBeVisible();
    const nextDate = page.getByText('Your next payment date is');
    await expect(nextDate).toContainText(/\d{4}-\d{2}-\d{2}/);
    const newDueDate = /(\d{4}-\d{2}-\d{2})/.exec((await nextDate.textContent()) ?? '')![1]!;
    await expect(page.getByRole('list').getByText('Due after the rollover')).toBeVisible();
    await expectFitsNarrowPhone(page);

    const code = await payAndReadCode(page);
    const paid = await ops.request<PaidResult>('POST', `/pay-codes/${code}/paid`);
    expect(paid).toMatchObject({ outcome: 'rolled_over', amountMinor: 79_670, order: { status: 170 } });

    await page.goto(order.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Repaying' })).toBeVisible();
    const dueRow = page.locator('div').filter({ has: page.getByRole('term').filter({ hasText: /^Due date$/ }) }).last();
    await expect(dueRow.getByRole('definition')).toHaveText(newDueDate);
    const stored = await ops.request<OrderView>('GET', `/orders/${order.orderId}`);
    expect(stored.payments).toHaveLength(1);
  });

  test('UPI on an Indian order (real=1): the link goes to the host app through the bridge, its QR decodes to the same link, and paying it settles the order', async ({
    page,
    ops,
    borrower,
    bridge,
  }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await page.goto(borrower.url('/allowedAlso', { ...orderIds(order), real: 1 }));
    await expect(page.getByRole('region', { name: 'Amount to repay' }).getByText('₹5,605.00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pay with a UPI app' }).tap();
    const qr = page.getByRole('img', { name: /^UPI QR code/ });
    await expect(qr).toBeVisible();

    const sent = (await bridge.calls()).filter((call) => call.name === 'openUpiApp');
    expect(sent).toHaveLength(1);
    const link = (sent[0]!.payload as { url: string }).url;
    expect(link).toMatch(/^upi:\/\/pay\?pa=lender@upi&pn=PesoNow%20Lending&am=5605\.00&cu=INR&tr=\d{12}&tn=Loan%20\w+%20repayment$/);
    // The webview itself never opened the upi: link.
    await expect(page).toHaveURL(/\/allowedAlso\?/);

    const image = await page.request.get((await qr.getAttribute('src'))!);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(decodeQrPng(await image.body())).toBe(link);
    const reference = new URL(link).searchParams.get('tr')!;
    await expect(page.getByRole('group', { name: 'UPI QR code' })).toContainText(reference);

    // The lender's bank reports the UPI credit with our reference (the ops stand-in): the order is settled.
    const paid = await ops.request<PaidResult>('POST', `/pay-codes/${reference}/paid`);
    expect(paid).toMatchObject({ amountMinor: 560_500, order: { status: 200 } });
  });

  test('card repayment: choose a card, verify with the SMS code (60 s resend), and the order is settled', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    await ops.request('POST', '/bank-cards', { borrowerId: borrower.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: CARD_NO });
    await page.clock.install();
    await page.goto(borrower.url('/pay.html#/alipayrepayment', orderIds(order)));
    await expect(page).toHaveTitle('Repay by card');
    await expect(page.getByText('₱5,605.00', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Confirm repayment' }).tap();
    await expect(page.getByText('Please select a bank card first')).toBeVisible();

    await page.getByRole('link', { name: 'Select a bank card' }).tap();
    await expect(page).toHaveTitle('Choose a bank card');
    const cardChoice = page.getByRole('radio', { name: /BDO Unibank/ });
    await expect(cardChoice).toContainText('**** **** **** 4821');
    expect(await page.content()).not.toContain(CARD_NO);
    await expectFitsNarrowPhone(page);
    await cardChoice.tap();
    await expect(page).toHaveTitle('Repay by card');
    await expect(page.getByText('**** **** **** 4821')).toBeVisible();

    await page.getByRole('button', { name: 'Confirm repayment' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Enter the verification code' });
    await expect(dialog.getByRole('button', { name: 'Resend (60s)' })).toBeDisabled();
    const outbox = await ops.request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${borrower.session.mobilePhone}`);
    expect(outbox.items).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(outbox.items[0]!.body)![1]!;

    const input = dialog.getByLabel('Verification code');
    await input.fill(code.slice(0, 5));
    await dialog.getByRole('button', { name: 'Confirm' }).tap();
    await expect(page.getByText('Please enter a correct verification code')).toBeVisible();
    await input.fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).tap();
    await expect(page.getByText('The verification code is wrong. Please check it and try again.')).toBeVisible();
    expect((await ops.request<OrderView>('GET', `/orders/${order.orderId}`)).payments).toHaveLength(0);

    await page.clock.fastForward(30_000);
    // Half-way through the countdown (less the real seconds a loaded machine took since the dialog opened).
    await expect(dialog.getByRole('button', { name: /^Resend \(([1-2]?\d|30)s\)$/ })).toBeDisabled();
    await page.clock.fastForward(30_000);
    await dialog.getByRole('button', { name: 'Resend', exact: true }).tap();
    // The same repayment again (same token): the countdown starts over.
    await expect(dialog.getByRole('button', { name: 'Resend (60s)' })).toBeDisabled();
    await expectFitsNarrowPhone(page);

    await input.fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).tap();
    await expect(page).toHaveURL(/#\/borrowDetail\?/);
    await expect(page.getByRole('heading', { name: 'Settled' })).toBeVisible();
    const stored = await ops.request<OrderView>('GET', `/orders/${order.orderId}`);
    expect(stored.shownStatus).toBe(200);
    expect(stored.payments).toEqual([expect.objectContaining({ amountMinor: 560_500 })]);
  });

  test('card repayment: the fifth wrong code stops that repayment; the screen starts a new one, whose code pays', async ({ page, ops, borrower }) => {
    const order = await newOrder(ops, borrower, { status: 174, dueInDays: 1 });
    const card = await ops.request<{ id: number }>('POST', '/bank-cards', { borrowerId: borrower.borrowerId, bankName: 'BDO Unibank', bankCode: 'BDO', cardNo: CARD_NO });
    await page.goto(borrower.url('/pay.html#/alipayrepayment', { ...orderIds(order), cardId: card.id }));
    await page.getByRole('button', { name: 'Confirm repayment' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Enter the verification code' });
    await expect(dialog).toBeVisible();
    const codes = async () => (await ops.request<{ items: Array<{ body: string }> }>('GET', `/sms-outbox?phone=${borrower.session.mobilePhone}`)).items;
    // The dialog opens when the commit answers; the code is in the outbox by then, polled to be sure.
    await expect.poll(async () => (await codes()).length).toBe(1);
    const first = /\b(\d{6})\b/.exec((await codes())[0]!.body)![1]!;
    const wrong = first === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      await dialog.getByLabel('Verification code').fill(wrong);
      await dialog.getByRole('button', { name: 'Confirm' }).tap();
      await expect(page.getByText('The verification code is wrong. Please check it and try again.')).toBeVisible();
      await expect(page.getByText('The verification code is wrong. Please check it and try again.')).toHaveCount(0);
    }
    await dialog.getByLabel('Verification code').fill(wrong);
    await dialog.getByRole('button', { name: 'Confirm' }).tap();
    await expect(page.getByText('Too many wrong codes. For your safety this payment was stopped. Please start the repayment again.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect((await ops.request<OrderView>('GET', `/orders/${order.orderId}`)).payments).toHaveLength(0);

    // Confirm repayment again: a new repayment with a code of its own, which pays.
    await page.getByRole('button', { name: 'Confirm repayment' }).tap();
    await expect(dialog.getByRole('button', { name: 'Resend (60s)' })).toBeDisabled();
    await expect.poll(async () => (await codes()).length).toBe(2);
    const second = /\b(\d{6})\b/.exec((await codes())[0]!.body)![1]!;
    await dialog.getByLabel('Verification code').fill(second);
    await dialog.getByRole('button', { name: 'Confirm' }).tap();
    await expect(page.getByRole('heading', { name: 'Settled' })).toBeVisible();
    expect((await ops.request<OrderView>('GET', `/orders/${order.orderId}`)).payments).toEqual([expect.objectContaining({ amountMinor: 560_500 })]);
  });

  test('payment instructions: Gcash Bills, Paymaya and offline stores with pictures that open full size', async ({ page, borrower }) => {
    await page.goto(borrower.url('/dragonpayPaymentInstructions'));
    await expect(page).toHaveTitle('Payment instructions');
    for (const title of ['Gcash Bills', 'Paymaya', 'Offline stores']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expectFitsNarrowPhone(page);
    await page.getByRole('button', { name: /^Offline stores: .* open full size$/ }).tap();
    const dialog = page.getByRole('dialog', { name: /^Offline stores/ });
    await expect(dialog.getByRole('img')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(dialog).toHaveCount(0);
  });
});
