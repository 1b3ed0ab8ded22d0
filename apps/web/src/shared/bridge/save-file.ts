/**
 * saveFile (issue 22): a downloaded file handed to the host app, or downloaded by the page itself in
 * a plain browser. Apart from bridge.ts so that only the pages that download carry it.
 */
import type { BridgeMessages } from './messages.ts';
import { sendBridgeMessage, transportFor, type Transport } from './bridge.ts';

/** A file to hand to the host app (saveFile) or, in a browser, to download. */
export interface FileToSave {
  fileName: string;
  mimeType: BridgeMessages['saveFile']['mimeType'];
  bytes: Uint8Array;
}

/** Standard base64 of bytes (no line breaks), in slices so a large file does not overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const SLICE = 0x8000;
  for (let at = 0; at < bytes.length; at += SLICE) binary += String.fromCharCode(...bytes.subarray(at, at + SLICE));
  return btoa(binary);
}

/**
 * Saves a downloaded file: inside the app, saveFile hands it to the host (which saves it to
 * Downloads / Files and offers to open it; nothing comes back); in a plain browser the page
 * downloads it itself through a Blob URL and an <a download> click. Returns the transport used.
 */
export function saveFile(file: FileToSave): Transport {
  const transport = transportFor('saveFile');
  if (transport !== 'browser') {
    return sendBridgeMessage('saveFile', { fileName: file.fileName, mimeType: file.mimeType, base64: bytesToBase64(file.bytes) });
  }
  console.info('[bridge] no native bridge for saveFile; browser fallback', { fileName: file.fileName, mimeType: file.mimeType });
  const url = URL.createObjectURL(new Blob([file.bytes as BlobPart], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after the click returns: the URL lives a little longer.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
  return 'browser';
}
