/**
 * The taps a borrower made on the server-rendered screen before its code had run, kept by the
 * page's inline script (EARLY_TAP_KEEPER in apps/server/src/web/html-pages.ts), acted on once the
 * screen is hydrated: each control is clicked again, in the order it was first tapped, and a form
 * submitted with Enter is submitted again. A control the browser rendered anew (the server's screen
 * was not this page's) is gone from the document and its tap is dropped.
 */
declare global {
  interface Window {
    /** Set by the page's inline script; stops the keeping and hands over what was kept. */
    __takeEarlyTaps?: () => Element[];
  }
}

export function replayEarlyTaps(): void {
  const take = window.__takeEarlyTaps;
  if (!take) return;
  delete window.__takeEarlyTaps;
  for (const control of take()) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else if (control instanceof HTMLElement) control.click();
  }
}
