/** Turns the server's contact texts into links the phone can open; anything else stays plain text. */

/** A mail draft to the address, or null when the text is not an e-mail address. */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  // One @, no spaces or characters that would end or change the mailto URL.
  if (!/^[^\s@?#&]+@[^\s@?#&]+\.[^\s@?#&]+$/.test(address)) return null;
  return `mailto:${address}`;
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
