import { describe, expect, it } from 'vitest';
import { PHONE_RULES } from '@cashloan/contract/routes/landing';
import { FORM_MESSAGES, captchaText, digitsOnly, firstError, phoneError, refreshError, registerErrors, smsCodeText, smsRequestErrors } from './landing-form.ts';

describe('the sign-up rules', () => {
  it("holds the phone to the spec's rule by default: 11 digits, 1 then 3-9", () => {
    for (const ok of ['13912345678', '19999999999', '13000000000']) expect(phoneError(ok, 'default'), ok).toBeUndefined();
    for (const bad of ['', '12912345678', '10912345678', '1391234567', '139123456789', '09171234567', '23912345678']) {
      expect(phoneError(bad, 'default'), bad).toBe(FORM_MESSAGES.phone);
    }
    expect(PHONE_RULES.default.maxLength).toBe(11);
  });

  it('has the Philippine (09 then 9 digits) and Indian (10 digits, 6-9 first) rules for real campaigns', () => {
    expect(phoneError('09171234567', 'ph')).toBeUndefined();
    expect(phoneError('13912345678', 'ph')).toBe(FORM_MESSAGES.phone);
    expect(phoneError('0917123456', 'ph')).toBe(FORM_MESSAGES.phone);
    expect(phoneError('9876543210', 'in')).toBeUndefined();
    expect(phoneError('5876543210', 'in')).toBe(FORM_MESSAGES.phone);
    expect(phoneError('98765432101', 'in')).toBe(FORM_MESSAGES.phone);
    expect([PHONE_RULES.ph.maxLength, PHONE_RULES.in.maxLength]).toEqual([11, 10]);
  });

  it('keeps digits only within the limit, so a pasted formatted number keeps its digits', () => {
    expect(digitsOnly('0917-123 4567', 11)).toBe('09171234567');
    expect(digitsOnly('+91 98765 43210', 10)).toBe('9198765432');
    expect(smsCodeText(' 12 34 567')).toBe('123456');
    expect(captchaText(' ab c de')).toBe('abcd');
  });

  it('needs a phone number, and a correct one, to refresh the image', () => {
    expect(refreshError('', 'default')).toBe(FORM_MESSAGES.phoneFirst);
    expect(refreshError('139', 'default')).toBe(FORM_MESSAGES.phone);
    expect(refreshError('13912345678', 'default')).toBeUndefined();
  });

  it('asks for a correct phone and the image code before an SMS, and the SMS code too before registering', () => {
    expect(smsRequestErrors({ phone: '', capcode: '' }, 'default')).toEqual({ phone: FORM_MESSAGES.phone, capcode: FORM_MESSAGES.captcha });
    expect(smsRequestErrors({ phone: '13912345678', capcode: 'AC3' }, 'default')).toEqual({});
    const all = registerErrors({ phone: '', capcode: '', smsCode: '' }, 'default');
    expect(all).toEqual({ phone: FORM_MESSAGES.phone, capcode: FORM_MESSAGES.captcha, smsCode: FORM_MESSAGES.smsCode });
    expect(firstError(all)).toBe('phone');
    expect(firstError(registerErrors({ phone: '13912345678', capcode: 'AC3E', smsCode: '' }, 'default'))).toBe('smsCode');
    expect(registerErrors({ phone: '13912345678', capcode: 'AC3E', smsCode: '604219' }, 'default')).toEqual({});
  });

  it('says not to resend with the seconds left', () => {
    expect(FORM_MESSAGES.doNotResend(42)).toBe('The code has been sent. Please do not resend it: you can ask again in 42 s.');
  });
});
