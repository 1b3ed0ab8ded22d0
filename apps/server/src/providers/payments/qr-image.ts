/**
 * Draws a QR code as a PNG on the server with `qrcode`, so the H5 only shows an image (its bundle
 * carries no QR encoder). Error correction M, the standard 4-module quiet zone, 8 px per module:
 * a QR Ph payload of about 150 characters comes out near 300 px square.
 */
import QRCode from 'qrcode';

export function drawQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8, color: { dark: '#000000ff', light: '#ffffffff' } });
}
