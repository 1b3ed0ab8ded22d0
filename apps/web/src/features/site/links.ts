/** Turns configured contact texts into links a phone can open; anything else stays plain text. */

/** A mail draft to the address, or null when the text is not a plain e-mail address. */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  // One @, no spaces or characters that would end or change the mailto URL.
  return /^[^\s@?#&]+@[^\s@?#&]+\.[^\s@?#&]+$/.test(address) ? `mailto:${address}` : null;
}

/** A call link from a written phone number ('+63 2 8888 0000' → 'tel:+63288880000'), or null. */
export function telHref(phone: string): string | null {
  const text = phone.trim();
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3 || digits.length > 15) return null;
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}

/** The native app's deep link, when it is a scheme link and not a script or data URL. */
export function appLinkHref(schemeUrl: string): string | null {
  const url = schemeUrl.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || ['javascript', 'data', 'vbscript', 'file', 'blob'].includes(scheme)) return null;
  return url;
}
