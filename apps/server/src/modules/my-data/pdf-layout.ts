/**
 * The page "My data"'s PDF is written on: pdfkit with DejaVu Sans (so that ₱, ₹ and any name print),
 * as the records PDFs are (their layout is the records family's own), text only, paginated, with the
 * lender's name and the page number in the footer of every page. The creation date is the export's
 * moment, so the same facts at the same moment give the same bytes.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
/** How far one level of nesting moves a line right. */
const INDENT = 14;
/** Room kept under the text for the footer. */
const FOOTER_ROOM = 40;

export interface PdfFrame {
  title: string;
  author: string;
  /** The PDF's CreationDate. */
  createdAt: Date;
  /** Lines under the title (the date, whose data). */
  subtitle: string[];
  /** The footer's words before the page number. */
  footer: string;
}

/** What the body is written with. */
export interface Writer {
  heading(text: string): void;
  /** A bold line (a row's number within its part). */
  label(text: string, level?: number): void;
  /** `label: value`, the label bold; long values wrap under themselves. */
  field(label: string, value: string, level?: number): void;
  paragraph(text: string, level?: number): void;
  gap(): void;
}

function writerFor(doc: PDFKit.PDFDocument): Writer {
  const x = (level: number) => MARGIN + level * INDENT;
  const width = (level: number) => doc.page.width - 2 * MARGIN - level * INDENT;
  const room = (needed: number) => {
    if (doc.y + needed > doc.page.height - MARGIN - FOOTER_ROOM) doc.addPage();
  };
  return {
    heading(text) {
      room(40);
      doc.moveDown(0.4);
      doc.font('Sans-Bold').fontSize(13).text(text, MARGIN, doc.y, { width: width(0) });
      doc.moveDown(0.3);
      doc.font('Sans').fontSize(10);
    },
    label(text, level = 0) {
      room(28);
      doc.font('Sans-Bold').fontSize(10).text(text, x(level), doc.y, { width: width(level) });
      doc.font('Sans');
    },
    field(label, value, level = 0) {
      room(14);
      doc.font('Sans-Bold').fontSize(9.5).text(`${label}: `, x(level), doc.y, { width: width(level), continued: true });
      doc.font('Sans').text(value);
    },
    paragraph(text, level = 0) {
      room(14);
      doc.font('Sans').fontSize(9.5).text(text, x(level), doc.y, { width: width(level) });
    },
    gap() {
      doc.moveDown(0.5);
    },
  };
}

/** Writes the PDF and answers its bytes. */
export async function renderPdf(frame: PdfFrame, body: (w: Writer) => void): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: frame.title, Author: frame.author, Creator: frame.author, Producer: frame.author, CreationDate: frame.createdAt, ModDate: frame.createdAt },
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
  doc.font('Sans-Bold').fontSize(17).text(frame.title, MARGIN, MARGIN, { width });
  doc.font('Sans').fontSize(10);
  for (const line of frame.subtitle) doc.text(line, { width });
  doc.moveDown(0.8);
  body(writerFor(doc));

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Sans').fontSize(7).fillColor('#555555');
    doc.text(`${frame.footer} · Page ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - 30, { width, lineBreak: false });
    doc.fillColor('#000000');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
