/**
 * What a borrower did on the server-rendered screen before its code had run, acted on once the
 * screen is hydrated:
 * - text typed into a field is still in the field, but not in the page's state: each such field is
 *   told again (an input event, as if typed now), so the page's own handler takes it (and formats it);
 * - the taps, kept by the page's inline script (EARLY_TAP_KEEPER in apps/server/src/web/html-pages.ts):
 *   each control is clicked again, in the order it was first tapped, and a form submitted with Enter
 *   is submitted again. A control the browser rendered anew (the server's screen was not this
 *   page's) is gone from the document and its tap is dropped.
 */
declare global {
  interface Window {
    /** Set by the page's inline script; stops the keeping and hands over what was kept. */
    __takeEarlyTaps?: () => Element[];
  }
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'hidden', 'image']);

function retellTypedText(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    // defaultValue is what the server rendered (and React holds); value is what the borrower typed.
    if (field.value === field.defaultValue) continue;
    const typed = field.value;
    // Back to the rendered value through the field's own setter (React notes it as the current
    // value), then the typed text through the prototype's, so the input event reads as a change.
    field.value = field.defaultValue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

export function replayEarlyInput(): void {
  const take = window.__takeEarlyTaps;
  if (!take) return;
  delete window.__takeEarlyTaps;
  const kept = take();
  const root = document.getElementById('root');
  if (root) retellTypedText(root);
  for (const control of kept) {
    if (!control.isConnected) continue;
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else if (control instanceof HTMLElement) control.click();
  }
}
