/**
 * What a text costs to send: how many parts a gateway bills for it. A text wholly in the GSM 7-bit
 * alphabet (3GPP TS 23.038) goes 160 characters in one part, 153 a part once split (the rest of each
 * part carries the joining header), the extension characters (€ [ ] { } ~ ^ \ |) counting twice. One
 * character outside it, as any Devanagari is, sends the whole text as UCS-2: 70 characters in one
 * part, 67 a part once split (docs/i18n.md, "SMS").
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

export type SmsEncoding = 'GSM-7' | 'UCS-2';
export interface SmsCost {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  length: number;
  parts: number;
}

export function smsCost(text: string): SmsCost {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.includes(character)) septets += 1;
    else if (GSM_EXTENSION.includes(character)) septets += 2;
    else return { encoding: 'UCS-2', length: text.length, parts: partsOf(text.length, 70, 67) };
  }
  return { encoding: 'GSM-7', length: septets, parts: partsOf(septets, 160, 153) };
}

const partsOf = (length: number, single: number, each: number) => (length <= single ? 1 : Math.ceil(length / each));
