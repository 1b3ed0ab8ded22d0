/**
 * Helpers of the back-office e2e specs: a desktop browser, staff accounts made through the dev ops
 * API (POST /ops/staff), TOTP codes computed here from the secret (with otpauth, at the server's
 * clock), signing in through the screens, and the staff API called with the page's own session.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { STAFF_API_BASE, STAFF_CSRF_HEADER, type StaffRole } from '@cashloan/contract/staff/common';
import { expect, type Borrower, type OpsClient } from '../fixtures.ts';
import { COMPLAINT_IMAGE_FIELD, problemSaveCall, uploadProblemImgCall } from '@cashloan/contract';
import { borrowerCall, borrowerUpload } from '../../test/support/api.ts';
import { opsToken, serverUrl } from '../server.ts';

/** The back office is a desktop app: a laptop-sized window, a mouse, no touch. */
export const desktop = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

export const STAFF_PASSWORD = 'e2e staff password 1';

export interface Staff {
  email: string;
  password: string;
  roles: StaffRole[];
  /** base32, when the account signs in with a second factor. */
  totpSecret?: string;
}

/** A fresh base32 TOTP secret (20 random bytes, like an authenticator's). */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** A new staff account with a known password (and a second factor when `totp`), ready to sign in. */
export async function createStaff(ops: OpsClient, roles: StaffRole[], { totp = roles.some((r) => r !== 'agent'), name = 'E2E Staff' } = {}): Promise<Staff> {
  const email = `${roles.join('-')}-${randomInt(0, 1_000_000_000)}@e2e-staff.test`;
  const totpSecret = totp ? newTotpSecret() : undefined;
  await ops.request('POST', '/staff', { email, name, roles, password: STAFF_PASSWORD, ...(totpSecret ? { totpSecret } : {}) });
  return { email, password: STAFF_PASSWORD, roles, ...(totpSecret ? { totpSecret } : {}) };
}

/** The code an authenticator app shows for `secret` at the server's time (a test may have moved its clock). */
export async function totpCode(ops: OpsClient, secret: string, stepsAhead = 0): Promise<string> {
  const { now } = await ops.request<{ now: string }>('GET', '/clock');
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: new Date(now).getTime() + stepsAhead * 30_000 });
}

/** Types the email and password and signs in; resolves with the server's answer, so the next step starts after it. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith(`${STAFF_API_BASE}/sign-in`) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign in' }).click();
  return answered;
}

/** Signs in through the screens, with the code when the account has a second factor; ends on the dashboard. */
export async function signIn(page: Page, ops: OpsClient, staff: Staff): Promise<void> {
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, staff.email, staff.password);
  if (staff.totpSecret) {
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await page.getByLabel('Code').fill(await totpCode(ops, staff.totpSecret));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** A staff API call made with the page's session cookie and its CSRF token, as a script on the page could. */
export async function staffApi(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const request: APIRequestContext = page.request;
  const me = (await (await request.get(`${STAFF_API_BASE}/me`)).json()) as { data: { csrfToken: string } };
  const response = await request.fetch(`${STAFF_API_BASE}${path}`, {
    method,
    headers: { [STAFF_CSRF_HEADER]: me.data.csrfToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return { status: response.status(), body: (await response.json()) as { code: number; message: string; data: unknown } };
}

/** A real 1×1 PNG: the servers recognise images by their content. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Files a complaint as the borrower, with one image of their own, through their own calls; resolves with its id. */
export async function fileComplaint(borrower: Borrower, words: string): Promise<number> {
  const target = { url: serverUrl(), opsToken: opsToken() };
  const { url } = await borrowerUpload<{ url: string }>(target, borrower.session, uploadProblemImgCall, COMPLAINT_IMAGE_FIELD, { name: 'receipt.png', type: 'image/png', bytes: PNG });
  const saved = await borrowerCall<{ id?: number; problemId?: number }>(target, borrower.session, problemSaveCall, { problemType: '2', problemDetail: words, problemImage: url });
  return (saved.problemId ?? saved.id)!;
}

/** Confirms an open Popconfirm once it has finished opening (a click during its animation was once not taken under load). */
export async function confirmInPopover(page: Page, name: string) {
  const popover = page.getByRole('tooltip');
  await expect(popover).toBeVisible();
  await popover.evaluate((el) => Promise.all((el.closest('.ant-popover') ?? el).getAnimations({ subtree: true }).map((a) => a.finished)));
  await popover.getByRole('button', { name }).click();
}
