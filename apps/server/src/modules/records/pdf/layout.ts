/**
 * The page every record PDF is written on (pdfkit, DejaVu Sans so that ₱ and ₹ print, and Noto Sans
 * Devanagari for a text in Hindi, its conjuncts shaped by pdfkit's fontkit): the lender's
 * name, SEC registration and Certificate of Authority numbers and the order number at the top, the
 * document's body, and a footer on every page (the page number; for a confirmed document its
 * SHA-256 and confirmation date). The creation date is the request's clock, so the same facts at the
 * same moment give the same bytes.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Lang } from '@cashloan/contract/i18n';
import type { DateText } from '../../../loan-terms/date-text.ts';
import { textIn } from '../../../platform/i18n/answer-texts.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const DEVANAGARI_FONT = require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf');
const DEVANAGARI_FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf');
const DEVANAGARI = /[\u0900-\u097F]/;

/** The font a text is written in: Noto Sans Devanagari when it has Devanagari in it, DejaVu Sans otherwise. */
const fontOf = (text: string, bold?: boolean) => `${DEVANAGARI.test(text) ? 'Deva' : 'Sans'}${bold ? '-Bold' : ''}`;

/** Noto Sans Devanagari has no peso sign: a Hindi text in pesos draws the ISO code the SMS use too. */
const PESO_IN_DEVANAGARI = /₱/g;

/**
 * Writes `text` in the font of its script: `draw` is handed what the font can draw. Shaped
 * Devanagari is drawn in visual order (a vowel sign before its consonant, conjuncts as one glyph),
 * so the text is also given as the span's ActualText: a reader, a copy or a search gets the words
 * as written (₱ too, drawn as 'PHP ').
 */
function write(doc: PDFKit.PDFDocument, text: string, bold: boolean | undefined, draw: (shown: string) => void): void {
  doc.font(fontOf(text, bold));
  if (!DEVANAGARI.test(text)) return draw(text);
  doc.markContent('Span', { actual: text, lang: 'hi' });
  draw(text.replace(PESO_IN_DEVANAGARI, 'PHP '));
  doc.endMarkedContent();
}

export interface Lender {
  name: string;
  secRegistrationNo: string;
  certificateOfAuthorityNo: string;
}

export interface PdfFrame {
  title: string;
  lender: Lender;
  orderNo: string;
  /** When the PDF is made (the clock): its CreationDate, and the 'Issued' line. */
  issuedAt: Date;
  /** 'YYYY-MM-DD HH:mm:ss' of issuedAt in lender time (the request market's). */
  issuedText: string;
  /** How the PDF writes dates: on the lender's calendar of the request's market. */
  dates: DateText;
  /** Extra footer lines on every page (a confirmed document's SHA-256 and confirmation date). */
  footer?: string[] | undefined;
  /** The document's language (a disclosure confirmed in Hindi): the page's own words are written in it. English by default. */
  lang?: Lang | undefined;
}

const MARGIN = 50;

/** A PDF's bytes (the record-pdf answer). */
export type PdfBytes = Uint8Array<ArrayBuffer>;

/** What a document writes its body with. */
export interface Writer {
  heading(text: string): void;
  paragraph(text: string): void;
  /** A label on the left, its value on the right. */
  row(label: string, value: string, options?: { bold?: boolean }): void;
  /** A table row of several columns (the first left-aligned, the rest right-aligned). */
  columns(cells: string[], options?: { bold?: boolean }): void;
  gap(): void;
}

/** The writer of a document's body; `say` puts each text it is given into the document's language. */
function writerFor(doc: PDFKit.PDFDocument, say: (text: string) => string): Writer {
  const width = () => doc.page.width - 2 * MARGIN;
  const room = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN - 40) doc.addPage();
  };
  return {
    heading(english) {
      const text = say(english);
      room(30);
      doc.fontSize(12);
      write(doc, text, true, (shown) => doc.text(shown, MARGIN, doc.y, { width: width() }));
      doc.moveDown(0.3);
      doc.fontSize(10);
    },
    paragraph(text) {
      doc.fontSize(10);
      for (const part of say(text).split(/\n{2,}/)) {
        room(20);
        write(doc, part, false, (shown) => doc.text(shown, MARGIN, doc.y, { width: width() }));
        doc.moveDown(0.5);
      }
    },
    row(english, value, options = {}) {
      const label = say(english);
      room(16);
      doc.fontSize(10);
      const y = doc.y;
      const labelWidth = width() * 0.6;
      write(doc, label, options.bold, (shown) => doc.text(shown, MARGIN, y, { width: labelWidth }));
      const after = doc.y;
      write(doc, value, options.bold, (shown) => doc.text(shown, MARGIN + labelWidth, y, { width: width() - labelWidth, align: 'right' }));
      doc.y = Math.max(after, doc.y);
    },
    columns(english, options = {}) {
      const cells = english.map(say);
      room(16);
      doc.fontSize(9);
      const y = doc.y;
      const first = width() * 0.4;
      const rest = (width() - first) / Math.max(1, cells.length - 1);
      let bottom = y;
      cells.forEach((cell, i) => {
        const x = i === 0 ? MARGIN : MARGIN + first + (i - 1) * rest;
        write(doc, cell, options.bold, (shown) => doc.text(shown, x, y, { width: i === 0 ? first : rest, align: i === 0 ? 'left' : 'right' }));
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 2;
      doc.fontSize(10);
    },
    gap() {
      doc.moveDown(0.6);
    },
  };
}

/** Writes one record PDF and answers its bytes. */
export async function renderPdf(frame: PdfFrame, body: (w: Writer) => void): Promise<PdfBytes> {
  // The page's own words in the document's language.
  const say = (text: string) => textIn(frame.lang ?? 'en', text);
  const title = say(frame.title);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${title} ${frame.orderNo}`, Author: frame.lender.name, Creator: frame.lender.name, Producer: frame.lender.name, CreationDate: frame.issuedAt, ModDate: frame.issuedAt },
  });
  doc.registerFont('Sans', FONT);
  doc.registerFont('Sans-Bold', FONT_BOLD);
  doc.registerFont('Deva', DEVANAGARI_FONT);
  doc.registerFont('Deva-Bold', DEVANAGARI_FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const line = (text: string, size: number, bold = false) => write(doc.fontSize(size), text, bold, (shown) => doc.text(shown, { width }));
  write(doc.fontSize(13), frame.lender.name, true, (shown) => doc.text(shown, MARGIN, MARGIN, { width }));
  line(say(`SEC Registration No. ${frame.lender.secRegistrationNo} · Certificate of Authority No. ${frame.lender.certificateOfAuthorityNo}`), 9);
  doc.moveDown(0.8);
  line(title, 16, true);
  line(say(`Order No. ${frame.orderNo}`), 10);
  line(say(`Issued ${frame.issuedText}`), 10);
  doc.moveDown(1);
  body(writerFor(doc, say));

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const lines = [...(frame.footer ?? []), `${frame.lender.name} · Order No. ${frame.orderNo} · Page ${i - range.start + 1} of ${range.count}`].map(say);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7).fillColor('#555555');
    lines.forEach((text, n) => write(doc, text, false, (shown) => doc.text(shown, MARGIN, doc.page.height - 30 - (lines.length - 1 - n) * 9, { width, lineBreak: false })));
    doc.fillColor('#000000');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
