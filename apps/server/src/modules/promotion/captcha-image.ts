/**
 * The image captcha, drawn here without any image library: four characters from a small bitmap
 * font, each scaled, sheared and shifted at random, in dark colours on a light speckled background
 * crossed by a few lines and bent by a gentle wave, encoded as an RGB PNG with node:zlib.
 */
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Letters and digits a person tells apart at a glance: no 0/O/Q, 1/I/L, 2/Z, 5/S, 8/B, G/6. */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTUVWXY34679';

/** 5 × 7 glyphs, one string per row ('#' ink, '.' paper). */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  C: ['.####', '#....', '#....', '#....', '#....', '#....', '.####'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '6': ['.###.', '#....', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '....#', '.###.'],
};

/** Drawn at twice the size the page shows it (120 × 44 CSS pixels), so it is sharp on 2× screens. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 88;

type Rgb = readonly [number, number, number];
const INKS: readonly Rgb[] = [
  [15, 76, 92],
  [120, 30, 40],
  [30, 60, 130],
  [70, 40, 110],
  [20, 90, 50],
  [110, 60, 10],
];

/** A random answer of `length` characters from the alphabet (crypto-strength: the answer is the secret). */
export function randomCaptchaAnswer(length: number): string {
  let answer = '';
  for (let i = 0; i < length; i += 1) answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return answer;
}

/** Geometry jitter only; the answer never depends on it. */
const jitter = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const at = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[at] = r;
    this.pixels[at + 1] = g;
    this.pixels[at + 2] = b;
  }
  /** A line `thickness` pixels wide from (x0, y0) to (x1, y1). */
  line(x0: number, y0: number, x1: number, y1: number, thickness: number, colour: Rgb): void {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    for (let i = 0; i <= steps; i += 1) {
      const x = x0 + ((x1 - x0) * i) / steps;
      const y = y0 + ((y1 - y0) * i) / steps;
      for (let dx = 0; dx < thickness; dx += 1) for (let dy = 0; dy < thickness; dy += 1) this.set(x + dx, y + dy, colour);
    }
  }
}

/** Paints one glyph with its top-left corner at (x0, y0): `scale` pixels a cell, sheared by `shear` per pixel of height. */
function drawGlyph(canvas: Canvas, glyph: readonly string[], x0: number, y0: number, scale: number, shear: number, ink: Rgb): void {
  const w = 5 * scale;
  const h = 7 * scale;
  const middle = h / 2;
  const slack = Math.ceil(Math.abs(shear) * middle) + 1;
  for (let y = 0; y < h; y += 1) {
    for (let x = -slack; x < w + slack; x += 1) {
      // Map the output pixel back into the unsheared glyph.
      const gx = Math.floor((x - shear * (y - middle)) / scale);
      const gy = Math.floor(y / scale);
      if (gx < 0 || gx > 4 || glyph[gy]?.[gx] !== '#') continue;
      canvas.set(x0 + x, y0 + y, ink);
    }
  }
}

/** The captcha image of `answer` as PNG bytes. */
export function renderCaptchaPng(answer: string): Uint8Array<ArrayBuffer> {
  const flat = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  // Paper: light, with a sparse faint grain (sparse keeps the PNG small).
  for (let y = 0; y < flat.height; y += 1) {
    for (let x = 0; x < flat.width; x += 1) {
      const grain = Math.random() < 0.12 ? 12 + Math.floor(Math.random() * 16) : 0;
      flat.set(x, y, [240 - grain, 246 - grain, 244 - grain]);
    }
  }
  // Light lines behind the characters.
  for (let i = 0; i < 3; i += 1) {
    flat.line(0, jitter(0, flat.height), flat.width, jitter(0, flat.height), 2, [180 + randomInt(40), 190 + randomInt(40), 200 + randomInt(40)]);
  }
  const cell = flat.width / (answer.length + 0.6);
  for (const [i, char] of [...answer].entries()) {
    const glyph = GLYPHS[char];
    if (!glyph) throw new Error(`No captcha glyph for ${char}`);
    const scale = pick([7, 8]);
    const x0 = cell * (i + 0.3) + jitter(-3, 6);
    const y0 = jitter(4, flat.height - 7 * scale - 4);
    drawGlyph(flat, glyph, Math.round(x0), Math.round(y0), scale, jitter(-0.32, 0.32), pick(INKS));
  }
  // Dark hairlines across the characters, thin enough to leave every stroke readable.
  for (let i = 0; i < 2; i += 1) {
    flat.line(0, jitter(10, flat.height - 10), flat.width, jitter(10, flat.height - 10), 1, pick(INKS));
  }
  // Speckles.
  for (let i = 0; i < 260; i += 1) flat.set(randomInt(flat.width), randomInt(flat.height), pick(INKS));

  // A gentle vertical wave bends the whole picture.
  const bent = new Canvas(flat.width, flat.height);
  const amplitude = jitter(2, 4);
  const period = jitter(70, 110);
  const phase = jitter(0, Math.PI * 2);
  for (let x = 0; x < flat.width; x += 1) {
    const shift = Math.round(amplitude * Math.sin(x / period * Math.PI * 2 + phase));
    for (let y = 0; y < flat.height; y += 1) {
      const from = Math.min(flat.height - 1, Math.max(0, y - shift));
      const at = (from * flat.width + x) * 3;
      bent.set(x, y, [flat.pixels[at]!, flat.pixels[at + 1]!, flat.pixels[at + 2]!]);
    }
  }
  return encodePng(bent.width, bent.height, bent.pixels);
}

// ---- PNG ------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, rows top to bottom). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // compression 0, filter 0, interlace 0
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', new Uint8Array(0))]));
}
