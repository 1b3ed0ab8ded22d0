/** Turns contact texts from the server or configuration into links a phone can open; anything else stays plain text. */

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

/**
 * The online-service chat link: an https URL the server gives is used as is; a phone number becomes
 * a WhatsApp link (wa.me wants the digits only, country code first). Null when neither fits.
 */
export function messagingHref(smWa: string): string | null {
  const text = smWa.trim();
  if (/^https:\/\/\S+$/i.test(text)) return text;
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  // E.164 numbers are at most 15 digits; fewer than 7 cannot be a reachable number.
  return digits.length >= 7 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}
