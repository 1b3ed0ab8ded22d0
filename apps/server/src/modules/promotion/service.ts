/**
 * The sign-up landing's rules: templates and their counts, captcha sessions (one answer per image,
 * a correct one becoming a short pass for one phone), SMS codes with their abuse limits, and
 * registration that creates the borrower exactly once with the visitor's attribution. Every number
 * is here and in docs/promotion.md.
 */
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { randomBytes, randomInt } from 'node:crypto';
import {
  CALL_ERROR_CODES,
  CAPTCHA_MAX_LENGTH,
  ERROR_CODES,
  PHONE_FIELD_MESSAGE,
  SMS_RESEND_SECONDS,
  phoneMatchesRule,
  type LandingPage,
  type LandingTemplate,
  type ParsedPayloadOf,
  type getSmsCall,
  type registerCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { ApiError, invalidInput, notFound, refused, tooMany } from '../../platform/http/api-error.ts';
import { createBorrowerWithSession, DEFAULT_MERCHANT, findBorrowerByPhone } from '../../domain/borrowers/service.ts';
import { dayToIsoDate, lenderDay } from '../../loan-terms/calendar.ts';
import { randomCaptchaAnswer, renderCaptchaPng } from './captcha-image.ts';
import { isSmsCode } from './code-hash.ts';
import {
  bumpTrackCount,
  checkCaptcha,
  countSidsSince,
  deleteEndedSids,
  drawCaptcha,
  findActiveTemplate,
  findSidLanding,
  insertRegistration,
  insertSid,
  insertSmsCode,
  lockPhone,
  markCodeSent,
  markCodeUnsent,
  markCodeUsed,
  newestSentCode,
  recordWrongTry,
  registeredWithCode,
  smsUsageSince,
  type SidLanding,
  type TrackKind,
} from './store.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ---- limits (docs/promotion.md) ------------------------------------------------------------------------

export const LIMITS = {
  /** How long a sid can be drawn into and checked. */
  sidTtlMs: 30 * MINUTE_MS,
  /** Sids one client address may ask for in an hour. */
  sidsPerAddressPerHour: 120,
  /** Images one sid may draw (each refresh is one). */
  drawsPerSid: 20,
  /** How long an image's answer can be checked after it was drawn. */
  captchaTtlMs: 5 * MINUTE_MS,
  /** How long a correct answer stays a pass for the same phone (resends and register). */
  captchaPassTtlMs: 15 * MINUTE_MS,
  /** Time between two codes to the same phone: the page's 60 s countdown. */
  resendIntervalMs: SMS_RESEND_SECONDS * 1000,
  /** Codes per phone in any 24 hours. */
  codesPerPhonePerDay: 5,
  /** Codes requested from one client address in any 24 hours. */
  codesPerAddressPerDay: 20,
  /** How long a code can be entered (issue 11: 10 minutes). */
  codeTtlMs: 10 * MINUTE_MS,
  /** Wrong entries that kill a code. */
  wrongTriesPerCode: 5,
} as const;

export const MESSAGES = {
  templateUnavailable: 'This promotion is not available.',
  wrongCaptcha: 'The image code is wrong or has expired. Please enter the new image code.',
  captchaGone: 'This image code has expired. Please reload the page.',
  tooManyDraws: 'Too many new image codes. Please reload the page.',
  tooManySids: 'Too many requests from your network. Please try again later.',
  alreadyRegistered: 'This mobile number is already registered. Please download the app and log in.',
  resendTooSoon: (seconds: number) => `Please do not resend: a new code can be sent in ${seconds} s.`,
  phoneDailyCap: 'Too many codes were sent to this number today. Please try again tomorrow.',
  addressDailyCap: 'Too many codes were requested from your network today. Please try again tomorrow.',
  smsNotSent: 'The SMS could not be sent. Please try again.',
  noCode: 'Please get an SMS code first.',
  codeExpired: 'The SMS code has expired. Please get a new code.',
  wrongCode: 'The SMS code is wrong. Please enter the correct SMS code.',
  codeDead: 'Too many wrong SMS codes. Please get a new code.',
  merchantMismatch: 'merchantNumber does not match this landing',
  idMismatch: 'id does not match the landing of this sid',
  smsText: (appName: string, code: string, minutes: number) =>
    `${appName}: ${code} is your registration code. It expires in ${minutes} minutes. Never share it with anyone.`,
} as const;

const wrongCaptchaOnSms = () => new ApiError(CALL_ERROR_CODES.smsWrongCaptcha, MESSAGES.wrongCaptcha);
const wrongCaptchaOnRegister = () => new ApiError(CALL_ERROR_CODES.registerWrongCaptcha, MESSAGES.wrongCaptcha);
const alreadyRegistered = () => new ApiError(CALL_ERROR_CODES.alreadyRegistered, MESSAGES.alreadyRegistered);

// ---- templates and counts ---------------------------------------------------------------------------------

/** channel-template: the template, its texts in the landing's `lang` where the marketer keeps them. */
export async function landingTemplate(deps: Pick<AppDeps, 'db'>, templateId: string, lang: Lang = DEFAULT_LANG): Promise<LandingTemplate> {
  const template = await findActiveTemplate(deps.db, Number(templateId), lang);
  if (!template) throw notFound(MESSAGES.templateUnavailable);
  const { merchantNumber: _merchant, ...answer } = template;
  return answer;
}

/** One more visit or register tap, on the lender's calendar day. */
export async function track(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  kind: TrackKind,
  input: { page: LandingPage; source: string; templateId: string | undefined },
): Promise<Record<string, never>> {
  const now = deps.clock.now();
  const counted = await bumpTrackCount(deps.db, {
    templateId: input.templateId ? Number(input.templateId) : 0,
    page: input.page,
    source: input.source,
    kind,
    day: dayToIsoDate(lenderDay(now)),
  });
  if (!counted) throw notFound(MESSAGES.templateUnavailable);
  return {};
}

// ---- captcha sessions -----------------------------------------------------------------------------------------

export async function newSid(deps: Pick<AppDeps, 'db' | 'clock'>, templateId: string | undefined, clientIp: string): Promise<{ sid: string }> {
  const { db } = deps;
  const now = deps.clock.now();
  let bound: number | null = null;
  if (templateId) {
    const template = await findActiveTemplate(db, Number(templateId));
    if (!template) throw notFound(MESSAGES.templateUnavailable);
    bound = template.id;
  }
  if ((await countSidsSince(db, clientIp, new Date(now.getTime() - HOUR_MS), LIMITS.sidTtlMs)) >= LIMITS.sidsPerAddressPerHour) {
    throw tooMany(MESSAGES.tooManySids);
  }
  // Sessions over for a day are of no use to anyone (the ops look-up included).
  await deleteEndedSids(db, new Date(now.getTime() - DAY_MS));
  const sid = randomBytes(16).toString('hex');
  await insertSid(db, { sid, templateId: bound, clientIp, now, sidExpiresAt: new Date(now.getTime() + LIMITS.sidTtlMs) });
  return { sid };
}

/** A new image for the sid: its answer replaces the previous image's. */
export async function captchaImage(deps: Pick<AppDeps, 'db' | 'clock'>, sid: string): Promise<Uint8Array<ArrayBuffer>> {
  const { db } = deps;
  const now = deps.clock.now();
  const answer = randomCaptchaAnswer(CAPTCHA_MAX_LENGTH);
  const drawn = await drawCaptcha(db, { sid, answer, now, expiresAt: new Date(now.getTime() + LIMITS.captchaTtlMs), maxDraws: LIMITS.drawsPerSid });
  if (drawn === 'unknown') throw notFound(MESSAGES.captchaGone);
  if (drawn === 'tooMany') throw tooMany(MESSAGES.tooManyDraws);
  return renderCaptchaPng(answer);
}

/** The sid's landing and the phone held to its market's rule; an unknown sid fails as a wrong captcha. */
async function landingFor(db: Db, sid: string, phone: string, wrongCaptcha: () => ApiError): Promise<SidLanding> {
  const landing = await findSidLanding(db, sid);
  if (!landing) throw wrongCaptcha();
  if (!phoneMatchesRule(phone, landing.phoneRule)) throw invalidInput(PHONE_FIELD_MESSAGE);
  return landing;
}

const passUntil = (now: Date) => new Date(now.getTime() + LIMITS.captchaPassTtlMs);

// ---- SMS codes ---------------------------------------------------------------------------------------------------

type SmsRequest = ParsedPayloadOf<typeof getSmsCall>;

export async function sendSmsCode(deps: Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>, input: SmsRequest, clientIp: string): Promise<Record<string, never>> {
  const { db } = deps;
  const now = deps.clock.now();
  const landing = await landingFor(db, input.sid, input.phone, wrongCaptchaOnSms);
  if (!(await checkCaptcha(db, { sid: input.sid, capcode: input.capcode, phone: input.phone, now, passUntil: passUntil(now) }))) {
    throw wrongCaptchaOnSms();
  }
  const merchantNumber = landing.merchantNumber ?? DEFAULT_MERCHANT;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const outcome = await db.transaction(async (tx) => {
    await lockPhone(tx, input.phone);
    if (await findBorrowerByPhone(tx, merchantNumber, input.phone)) return { refusal: alreadyRegistered() } as const;
    const usage = await smsUsageSince(tx, input.phone, clientIp, new Date(now.getTime() - DAY_MS));
    if (usage.lastSentAt && now.getTime() - usage.lastSentAt.getTime() < LIMITS.resendIntervalMs) {
      const wait = Math.ceil((LIMITS.resendIntervalMs - (now.getTime() - usage.lastSentAt.getTime())) / 1000);
      return { refusal: tooMany(MESSAGES.resendTooSoon(wait)) } as const;
    }
    if (usage.phoneCount >= LIMITS.codesPerPhonePerDay) return { refusal: tooMany(MESSAGES.phoneDailyCap) } as const;
    if (usage.addressCount >= LIMITS.codesPerAddressPerDay) return { refusal: tooMany(MESSAGES.addressDailyCap) } as const;
    const id = await insertSmsCode(tx, {
      phone: input.phone,
      merchantNumber,
      code,
      sid: input.sid,
      clientIp,
      now,
      expiresAt: new Date(now.getTime() + LIMITS.codeTtlMs),
    });
    return { id } as const;
  });
  if ('refusal' in outcome) throw outcome.refusal;
  // The provider is called outside the transaction: a slow gateway holds no lock. The text is the
  // server's own, naming the landing's brand or the configured one: never the request's appName,
  // which anyone could fill with a phishing line sent under the lender's name.
  const appName = landing.appName || deps.config.APP_EN_NAME;
  try {
    const sent = await deps.sms.send({ phone: input.phone, text: MESSAGES.smsText(appName, code, LIMITS.codeTtlMs / MINUTE_MS) });
    await markCodeSent(db, outcome.id, sent.providerRef);
  } catch {
    // Not counted by the limits, so the borrower may try again at once.
    await markCodeUnsent(db, outcome.id);
    throw new ApiError(ERROR_CODES.internal, MESSAGES.smsNotSent, ERROR_CODES.internal);
  }
  return {};
}

// ---- registration ----------------------------------------------------------------------------------------------

type RegisterPayload = ParsedPayloadOf<typeof registerCall>;

/** register: `lang` is the landing's language, the one its consent notice was shown in (the pseudo-locale is recorded as English). */
export async function registerBorrower(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, input: RegisterPayload, clientIp: string, lang: Lang = DEFAULT_LANG): Promise<{ userId: string }> {
  const { db } = deps;
  const now = deps.clock.now();
  const landing = await landingFor(db, input.sid, input.phone, wrongCaptchaOnRegister);
  if (input.id !== undefined && landing.templateId !== null && Number(input.id) !== landing.templateId) throw invalidInput(MESSAGES.idMismatch);
  const merchantNumber = landing.merchantNumber ?? (input.merchantNumber || DEFAULT_MERCHANT);
  if (input.merchantNumber && input.merchantNumber !== merchantNumber) throw invalidInput(MESSAGES.merchantMismatch);
  if (!(await checkCaptcha(db, { sid: input.sid, capcode: input.capcode, phone: input.phone, now, passUntil: passUntil(now) }))) {
    throw wrongCaptchaOnRegister();
  }
  // The outcome is returned, not thrown, so that a wrong try is committed before it is reported.
  const outcome = await db.transaction(async (tx): Promise<{ userId: string } | { refusal: ApiError }> => {
    await lockPhone(tx, input.phone);
    const existing = await findBorrowerByPhone(tx, merchantNumber, input.phone);
    if (existing) {
      // The same code again: a retry of the registration that created this borrower answers it again.
      const code = await registeredWithCode(tx, existing.id, input.phone);
      const retried = code !== null && isSmsCode(code.codeHash, code.salt, input.smsCode);
      return retried ? { userId: existing.userId } : { refusal: alreadyRegistered() };
    }
    const code = await newestSentCode(tx, input.phone, merchantNumber);
    if (!code) return { refusal: refused(MESSAGES.noCode) };
    if (code.state === 'dead') return { refusal: refused(MESSAGES.codeDead) };
    if (code.state !== 'live' || code.expiresAt.getTime() <= now.getTime()) return { refusal: refused(MESSAGES.codeExpired) };
    if (!isSmsCode(code.codeHash, code.salt, input.smsCode)) {
      const tries = await recordWrongTry(tx, code.id, LIMITS.wrongTriesPerCode);
      return { refusal: refused(tries >= LIMITS.wrongTriesPerCode ? MESSAGES.codeDead : MESSAGES.wrongCode) };
    }
    await markCodeUsed(tx, code.id, now);
    const created = await createBorrowerWithSession(
      tx,
      {
        mobilePhone: input.phone,
        merchantNumber,
        name: input.userName,
        deviceId: input.deviceId,
        marketingConsent: input.marketingConsent === '1',
        lang,
      },
      now,
      deps.config.SESSION_TTL_DAYS,
    );
    await insertRegistration(tx, {
      borrowerId: created.borrowerId,
      smsCodeId: code.id,
      templateId: landing.templateId,
      inviteCode: input.invite_code,
      userFrom: input.user_from,
      appFrom: input.app_from,
      utmTag: input.utm_tag,
      appName: input.appName,
      deviceId: input.deviceId,
      clientIp,
      now,
    });
    return { userId: created.session.userId };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome;
}
