import { describe, expect, it } from 'vitest';
import { countText, effectiveCapText, percentFromBp, rangeText, shareText, tierDaysText, tierText } from './figures.ts';
import { appLinkHref, mailtoHref, telHref } from '../../shared/format/contact-links.ts';
import { themeStyle } from './theme.ts';

describe('loan-terms figures in words', () => {
  it('writes basis points as a percentage without float noise', () => {
    expect(percentFromBp(500)).toBe('5%');
    expect(percentFromBp(400)).toBe('4%');
    expect(percentFromBp(200)).toBe('2%');
    expect(percentFromBp(250)).toBe('2.5%');
    expect(percentFromBp(5)).toBe('0.05%');
    expect(percentFromBp(1)).toBe('0.01%');
    expect(percentFromBp(10_000)).toBe('100%');
  });

  it('names common shares of the term in words and others as a fraction', () => {
    expect(shareText({ numerator: 1, denominator: 2 })).toBe('half');
    expect(shareText({ numerator: 2, denominator: 3 })).toBe('two thirds');
    expect(shareText({ numerator: 2, denominator: 5 })).toBe('2/5');
  });

  it('counts and ranges days in singular and plural', () => {
    expect(countText(1, 'day')).toBe('1 day');
    expect(countText(3, 'day')).toBe('3 days');
    expect(countText(7, 'business day')).toBe('7 business days');
    expect(rangeText({ min: 91, max: 365 }, 'calendar day')).toBe('91 to 365 calendar days');
    expect(rangeText({ min: 2, max: 2 }, 'day')).toBe('2 days');
  });

  it('describes the overdue tiers, the last one open-ended', () => {
    expect(tierDaysText({ firstDay: 1, lastDay: 30 })).toBe('on days 1 to 30');
    expect(tierDaysText({ firstDay: 31, lastDay: 31 })).toBe('on day 31');
    expect(tierDaysText({ firstDay: 91, lastDay: null })).toBe('from day 91');
    expect(tierText({ firstDay: 1, lastDay: 30, dailyRateBp: 500 })).toBe('5% a day on days 1 to 30');
    expect(tierText({ firstDay: 91, lastDay: null, dailyRateBp: 200 })).toBe('2% a day from day 91');
  });
});

describe('contact links from configuration', () => {
  it('links plain addresses and phone numbers only', () => {
    expect(mailtoHref(' info@lender.example ')).toBe('mailto:info@lender.example');
    expect(mailtoHref('info@lender.example?bcc=x@y.z')).toBeNull();
    expect(telHref('+63 2 8888 0100')).toBe('tel:+63288880100');
    expect(telHref('(02) 8888-0100')).toBe('tel:0288880100');
    expect(telHref('call us')).toBeNull();
  });

  it('opens the app by its scheme link but never runs a script URL', () => {
    expect(appLinkHref('pesonow://app')).toBe('pesonow://app');
    expect(appLinkHref('https://lender.example/app')).toBe('https://lender.example/app');
    expect(appLinkHref(' JavaScript:alert(1)')).toBeNull();
    expect(appLinkHref('data:text/html,x')).toBeNull();
    expect(appLinkHref('no scheme')).toBeNull();
  });
});

describe('theme colours', () => {
  it('sets the CSS variables from #rrggbb colours and ignores anything else', () => {
    expect(themeStyle({ primaryColor: '#0f766e', backgroundColor: '#f3f6f6', fontColor: '#1f2937' })).toEqual({
      '--adm-color-primary': '#0f766e',
      '--app-page-background': '#f3f6f6',
      '--adm-color-text': '#1f2937',
    });
    expect(themeStyle({ primaryColor: 'red;x:y', backgroundColor: '#fff', fontColor: '#1f2937' })).toEqual({ '--adm-color-text': '#1f2937' });
  });
});

describe('effectiveCapText', () => {
  it('names each step of the cap by the date loans are made', () => {
    const steps = [
      { fromDate: '0000-01-01', bp: 1500 },
      { fromDate: '2026-04-01', bp: 1200 },
    ];
    expect(effectiveCapText(steps)).toBe('15% a month for loans made before 2026-04-01 and 12% a month for loans made from 2026-04-01');
    expect(effectiveCapText([{ fromDate: '0000-01-01', bp: 1200 }])).toBe('12% a month');
  });
});
