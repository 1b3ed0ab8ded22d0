import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, callUrlPath, siteConfigRoute, type SiteConfig } from '@cashloan/contract';
import { createTestApp, query, type TestApp } from '../../test-support/test-app.ts';
import { loadConfig } from '../../config.ts';
import { DATA_REQUEST_ANSWER_DAYS } from '../../loan-terms/data-rights.ts';
import {
  LATE_PENALTY_MINOR,
  OVERDUE_TIERS,
  PREPAYMENT_MIN_DAYS,
  TERM_DAYS,
  canPrepay,
  latePenalty,
  overdueInterest,
  prepaymentOpensAfterDays,
} from '../../loan-terms/rules.ts';
import {
  ADULT_AGE,
  APPLICANT_NATIONALITY,
  ASSIGNMENT_NOTICE_BUSINESS_DAYS,
  CREDIT_DAYS,
  DECISION_DAYS,
  TERMS_CHANGE_NOTICE_DAYS,
} from '../../loan-terms/published-terms.ts';
import { SITE_CONFIG_MAX_AGE_SECONDS } from './routes.ts';

const URL_PATH = callUrlPath(siteConfigRoute);

const COMPANY = {
  COMPANY_NAME: 'Kwarta Online Lending',
  COMPANY_CORPORATE_NAME: 'Kwarta Lending Corporation',
  COMPANY_SEC_REG_NO: 'CS202011111',
  COMPANY_CA_NO: '4021',
  COMPANY_ADDRESS: '5F Sample Building, 45 Paseo de Roxas, Makati City 1229',
  COMPANY_EMAIL: 'office@kwarta.test',
  COMPANY_PHONE: '+63 2 7000 1111',
  GRIEVANCE_OFFICER_NAME: 'Jose Bautista',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@kwarta.test',
  GRIEVANCE_OFFICER_PHONE: '+63 2 7000 1199',
  THEME_PRIMARY_COLOR: '#0d9488',
  THEME_BACKGROUND_COLOR: '#f0fdfa',
  THEME_FONT_COLOR: '#111827',
};

describe('GET /v3/site/config', () => {
  let t: TestApp;
  let data: SiteConfig;
  beforeAll(async () => {
    t = await createTestApp({ ...COMPANY, APP_EN_NAME: 'Kwarta', SERVICE_EMAIL: 'help@kwarta.test', SERVICE_PHONE: '+63 2 7000 0000', SCHEME_URL: 'kwarta://open' });
    const res = await t.app.inject({ method: 'GET', url: URL_PATH });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, message: 'success' });
    data = body.data;
  });
  afterAll(() => t.close());

  it('is public, under the product base path', async () => {
    expect(URL_PATH).toBe(`${API_BASE}/v3/site/config`);
    // A visitor of the official site has no session; a webview page may still send its parameters.
    const { session } = await t.newBorrower();
    const withSession = await t.app.inject({ method: 'GET', url: `${URL_PATH}?${query(session)}` });
    expect(withSession.json()).toMatchObject({ code: 0, data: { appEnName: 'Kwarta' } });
    const expired = await t.app.inject({ method: 'GET', url: `${URL_PATH}?${query({ ...session, sessionId: 'f'.repeat(64) })}` });
    expect(expired.json()).toMatchObject({ code: 0 });
  });

  it('answers the configured brand, theme and contacts', () => {
    expect(data).toMatchObject({
      appEnName: 'Kwarta',
      appCnName: t.config.APP_CN_NAME,
      theme: { primaryColor: '#0d9488', backgroundColor: '#f0fdfa', fontColor: '#111827' },
      servicePhone: '+63 2 7000 0000',
      serviceEmail: 'help@kwarta.test',
      schemeUrl: 'kwarta://open',
    });
  });

  it('answers the company disclosures and the grievance contact from configuration', () => {
    expect(data.company).toEqual({
      name: 'Kwarta Online Lending',
      corporateName: 'Kwarta Lending Corporation',
      secRegistrationNo: 'CS202011111',
      certificateOfAuthorityNo: '4021',
      address: '5F Sample Building, 45 Paseo de Roxas, Makati City 1229',
      email: 'office@kwarta.test',
      telephone: '+63 2 7000 1111',
    });
    expect(data.grievanceOfficer).toEqual({ name: 'Jose Bautista', email: 'grievance@kwarta.test', telephone: '+63 2 7000 1199' });
    expect(data.privacy.minorsAge).toBe(18);
    // The policy's promise of an answer to a My data request is the rule's (issue 39).
    expect(data.privacy.requestAnswerDays).toBe(DATA_REQUEST_ANSWER_DAYS);
    expect(data.privacy.requestAnswerDays).toBe(30);
  });

  it('answers exactly the loan-terms figures the server computes with (spec section 9)', () => {
    const terms = data.loanTerms;
    expect(terms.termDays).toEqual({ min: TERM_DAYS.min, max: TERM_DAYS.max });
    expect(terms.termDays).toEqual({ min: 91, max: 365 });

    expect(terms.latePenalty).toEqual({ newBorrower: latePenalty(false), repeatBorrower: latePenalty(true) });
    expect(terms.latePenalty).toEqual({ newBorrower: LATE_PENALTY_MINOR.newBorrower, repeatBorrower: LATE_PENALTY_MINOR.repeatBorrower });
    expect(terms.latePenalty).toEqual({ newBorrower: 100_000, repeatBorrower: 80_000 });

    expect(terms.overdueInterestTiers).toHaveLength(OVERDUE_TIERS.length);
    expect(terms.overdueInterestTiers).toEqual([
      { firstDay: 1, lastDay: 30, dailyRateBp: 500 },
      { firstDay: 31, lastDay: 90, dailyRateBp: 400 },
      { firstDay: 91, lastDay: null, dailyRateBp: 200 },
    ]);
    // The published tiers charge what the overdue-interest rule charges, day by day.
    for (let day = 1; day <= 120; day++) {
      const tier = terms.overdueInterestTiers.find((t) => day >= t.firstDay && (t.lastDay === null || day <= t.lastDay));
      expect(overdueInterest(10_000, day) - overdueInterest(10_000, day - 1), `day ${day}`).toBe((10_000 * tier!.dailyRateBp) / 10_000);
    }
    expect(terms.overdueExample).toEqual({ overdueAmount: 100_000, days: 35, interest: overdueInterest(100_000, 35) });
    expect(terms.overdueExample.interest).toBe(170_000);

    expect(terms.prepayment.minDaysFromDisbursement).toBe(PREPAYMENT_MIN_DAYS);
    expect(terms.prepayment.minDaysFromDisbursement).toBe(7);
    expect(terms.prepayment.termShare).toEqual({ numerator: 1, denominator: 2 });
    expect(terms.prepayment.examples).toEqual([
      { termDays: 91, opensOnDay: prepaymentOpensAfterDays(91) },
      { termDays: 365, opensOnDay: prepaymentOpensAfterDays(365) },
    ]);
    // "After half the term, not before day 7" is what the prepayment rule decides, for every term.
    const { numerator, denominator } = terms.prepayment.termShare;
    for (let term = terms.termDays.min; term <= terms.termDays.max; term++) {
      const opens = Math.max(terms.prepayment.minDaysFromDisbursement, Math.ceil((term * numerator) / denominator));
      expect(canPrepay(term, opens), `term ${term}`).toBe(true);
      expect(canPrepay(term, opens - 1), `term ${term}`).toBe(false);
    }

    expect(terms.creditDays).toEqual({ min: CREDIT_DAYS.min, max: CREDIT_DAYS.max });
    expect(terms.creditDays).toEqual({ min: 1, max: 3 });
    expect(terms.decisionDays).toBe(DECISION_DAYS);
    expect(terms.decisionDays).toBe(1);
    expect(terms.changeNoticeDays).toBe(TERMS_CHANGE_NOTICE_DAYS);
    expect(terms.changeNoticeDays).toBe(3);
    expect(terms.assignmentNoticeBusinessDays).toBe(ASSIGNMENT_NOTICE_BUSINESS_DAYS);
    expect(terms.assignmentNoticeBusinessDays).toBe(7);
    expect(terms.applicant).toEqual({ minAge: ADULT_AGE, nationality: APPLICANT_NATIONALITY });
    expect(terms.applicant).toEqual({ minAge: 18, nationality: 'Filipino' });
  });

  it('lets the browser reuse the answer for a few minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL_PATH });
    expect(res.headers['cache-control']).toBe(`public, max-age=${SITE_CONFIG_MAX_AGE_SECONDS}`);
  });

  it('is a GET: a POST gets the not-found envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null });
  });
});

describe('site configuration', () => {
  it('has demo defaults for every setting the site shows', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      THEME_PRIMARY_COLOR: '#0f766e',
      COMPANY_CORPORATE_NAME: 'PesoNow Lending Corporation',
      COMPANY_SEC_REG_NO: 'CS201987654',
      COMPANY_CA_NO: '3187',
    });
  });

  it('refuses a colour that is not #rrggbb and an empty disclosure, naming the setting', () => {
    expect(() => loadConfig({ THEME_PRIMARY_COLOR: 'red; background: url(x)' })).toThrow(/THEME_PRIMARY_COLOR: must be a colour written #rrggbb/);
    expect(() => loadConfig({ COMPANY_SEC_REG_NO: '  ' })).toThrow(/COMPANY_SEC_REG_NO: must not be empty/);
  });
});
