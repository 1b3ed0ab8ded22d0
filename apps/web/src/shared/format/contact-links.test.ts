import { describe, expect, it } from 'vitest';
import { mailtoHref, messagingHref } from './contact-links.ts';

describe('mailtoHref', () => {
  it('opens a mail draft to a plain address', () => {
    expect(mailtoHref(' support@lender.example ')).toBe('mailto:support@lender.example');
  });
  it('refuses text that is not an address or would smuggle mailto fields', () => {
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('support at lender')).toBeNull();
    expect(mailtoHref('a@b.example?subject=x')).toBeNull();
    expect(mailtoHref('a@@b.example')).toBeNull();
  });
});

describe('messagingHref', () => {
  it('builds a WhatsApp link from the digits of a formatted number', () => {
    expect(messagingHref('+63 917 000 0000')).toBe('https://wa.me/639170000000');
    expect(messagingHref('(+91) 98765-43210')).toBe('https://wa.me/919876543210');
  });
  it('keeps an https link the server sends', () => {
    expect(messagingHref('https://wa.me/639170000000')).toBe('https://wa.me/639170000000');
  });
  it('gives no link for handles, script URLs, too short or too long numbers', () => {
    expect(messagingHref('@lender_help')).toBeNull();
    expect(messagingHref('javascript:alert(1)')).toBeNull();
    expect(messagingHref('12345')).toBeNull();
    expect(messagingHref('1234567890123456')).toBeNull();
  });
});
