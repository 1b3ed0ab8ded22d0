/**
 * The page every record PDF is written on (pdfkit, DejaVu Sans so that ₱ and ₹ print): the lender's
 * name, SEC registration and Certificate of Authority numbers and the order number at the top, the
 * document's body, and a footer on every page (the page number; for a confirmed document its
 * SHA-256 and confirmation date). The creation date is the request's clock, so the same facts at the
 * same moment give the same bytes.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DateText } from '../../../loan-terms/date-text.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

function writerFor(doc: PDFKit.PDFDocument): Writer {
  const width = () => doc.page.width - 2 * MARGIN;
  const room = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN - 40) doc.addPage();
  };
  const font = (bold?: boolean) => doc.font(bold ? 'Sans-Bold' : 'Sans');
  return {
    heading(text) {
      room(30);
      font(true).fontSize(12).text(text, MARGIN, doc.y, { width: width() });
      doc.moveDown(0.3);
      font().fontSize(10);
    },
    paragraph(text) {
      font().fontSize(10);
      for (const part of text.split(/\n{2,}/)) {
        room(20);
        doc.text(part, MARGIN, doc.y, { width: width() });
        doc.moveDown(0.5);
      }
    },
    row(label, value, options = {}) {
      room(16);
      font(options.bold).fontSize(10);
      const y = doc.y;
      const labelWidth = width() * 0.6;
      doc.text(label, MARGIN, y, { width: labelWidth });
      const after = doc.y;
      doc.text(value, MARGIN + labelWidth, y, { width: width() - labelWidth, align: 'right' });
      doc.y = Math.max(after, doc.y);
      font();
    },
    columns(cells, options = {}) {
      room(16);
      font(options.bold).fontSize(9);
      const y = doc.y;
      const first = width() * 0.4;
      const rest = (width() - first) / Math.max(1, cells.length - 1);
      let bottom = y;
      cells.forEach((cell, i) => {
        const x = i === 0 ? MARGIN : MARGIN + first + (i - 1) * rest;
        doc.text(cell, x, y, { width: i === 0 ? first : rest, align: i === 0 ? 'left' : 'right' });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 2;
      font().fontSize(10);
    },
    gap() {
      doc.moveDown(0.6);
    },
  };
}

/** Writes one record PDF and answers its bytes. */
export async function renderPdf(frame: PdfFrame, body: (w: Writer) => void): Promise<PdfBytes> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${frame.title} ${frame.orderNo}`, Author: frame.lender.name, Creator: frame.lender.name, Producer: frame.lender.name, CreationDate: frame.issuedAt, ModDate: frame.issuedAt },
  });
  doc.registerFont('Sans', FONT);
  doc.registerFont('Sans-Bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.font('Sans-Bold').fontSize(13).text(frame.lender.name, MARGIN, MARGIN, { width });
  doc.font('Sans').fontSize(9).text(`SEC Registration No. ${frame.lender.secRegistrationNo} · Certificate of Authority No. ${frame.lender.certificateOfAuthorityNo}`, { width });
  doc.moveDown(0.8);
  doc.font('Sans-Bold').fontSize(16).text(frame.title, { width });
  doc.font('Sans').fontSize(10).text(`Order No. ${frame.orderNo}`, { width });
  doc.text(`Issued ${frame.issuedText}`, { width });
  doc.moveDown(1);
  body(writerFor(doc));

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const lines = [...(frame.footer ?? []), `${frame.lender.name} · Order No. ${frame.orderNo} · Page ${i - range.start + 1} of ${range.count}`];
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Sans').fontSize(7).fillColor('#555555');
    lines.forEach((line, n) => doc.text(line, MARGIN, doc.page.height - 30 - (lines.length - 1 - n) * 9, { width, lineBreak: false }));
    doc.fillColor('#000000');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
