/**
 * What a borrower did on the server-rendered screen before its code had run, acted on once the
 * screen is hydrated:
 * - text typed into a field, a box ticked or a radio chosen is still in the field, but not in the
 *   page's state: each such field is told again (an input event, as if typed now; a tap on the box),
 *   so the page's own handler takes it (and formats it);
 * - the taps and the arrow keys, kept in order by the page's inline script (EARLY_INPUT_KEEPER in
 *   apps/server/src/web/html-pages.ts): each control is clicked again, a form submitted with Enter
 *   is submitted again, and each key is pressed again on the widget it moved. A control the browser
 *   rendered anew (the server's screen was not this page's) is gone from the document and dropped.
 */
/** One kept action: a tap (or a form's submission) on `target`, or `key` pressed on it. */
interface KeptInput {
  target: Element;
  key?: string;
}

declare global {
  interface Window {
    /** Set by the page's inline script; stops the keeping and hands over what was kept. */
    __takeEarlyInput?: () => KeptInput[];
  }
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'hidden', 'image']);

/** Text typed into a field: its value differs from the one the server rendered (and React holds). */
function retellTypedText(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  // Back to the rendered value through the field's own setter (React notes it as the current
  // value), then the typed text through the prototype's, so the input event reads as a change.
  field.value = field.defaultValue;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A box ticked or unticked, or a radio chosen: back to what the server rendered through the field's
 * own setter (React notes it), then tapped again, so the page's handler sees the borrower's choice.
 */
function retapCheckable(field: HTMLInputElement): void {
  field.checked = field.defaultChecked;
  field.click();
}

function handOverFields(root: HTMLElement): void {
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
  // Read all before acting: re-tapping one radio changes its group. A radio counts when chosen
  // (the one left unchecked by that choice follows from it).
  const changed = fields.filter((field) => {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') return field.checked !== field.defaultChecked;
    if (field instanceof HTMLInputElement && field.type === 'radio') return field.checked && !field.defaultChecked;
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) return false;
    return field.value !== field.defaultValue;
  });
  for (const field of changed) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) retapCheckable(field);
    else retellTypedText(field);
  }
}

export function replayEarlyInput(): void {
  const take = window.__takeEarlyInput;
  if (!take) return;
  delete window.__takeEarlyInput;
  const kept = take();
  const root = document.getElementById('root');
  if (root) handOverFields(root);
  for (const { target, key } of kept) {
    if (!target.isConnected) continue;
    if (key !== undefined) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    else if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  }
}
