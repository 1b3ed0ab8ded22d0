/**
 * What a borrower did on the server-rendered screen before its code had run, acted on once the
 * screen is hydrated:
 * - text typed into a field, a box ticked, a radio, a list's option or a photo chosen is still in
 *   the field, but not in the page's state: each such field is told again (an input event, as if
 *   typed now; a tap on the box; a change event on the list or file field), so the page's own
 *   handler takes it (and formats it);
 * - the taps (on controls and on links to the site's other screens) and the arrow keys, kept in
 *   order by the page's inline script (EARLY_INPUT_KEEPER in apps/server/src/web/html-pages.ts):
 *   each control or link is clicked again, a form submitted with Enter is submitted again, and each
 *   key is pressed again on the widget it moved, each a task after the one before. A control the
 *   browser rendered anew (the server's screen was not this page's) is gone and dropped.
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

/** A field the borrower can change before the code runs (a textarea's type is 'textarea'). */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether the borrower changed the field from what the server rendered (and React holds). */
function changedByHand(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  const { type, checked, defaultChecked, files } = field as HTMLInputElement;
  // The server renders a file field empty: a photo in it was chosen by hand.
  if (type === 'file') return !!files?.length;
  if (type === 'checkbox') return checked !== defaultChecked;
  // A radio counts when chosen (the one left unchecked by that choice follows from it).
  if (type === 'radio') return checked && !defaultChecked;
  // A hidden field's or a button's value is its attribute, so it differs only where typed.
  return field.value !== field.defaultValue;
}

function handOver(field: Field): void {
  if (field instanceof HTMLSelectElement || field.type === 'file') {
    // React's handler of a list or a file field listens for change and reads the choice then.
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (field.type === 'checkbox' || field.type === 'radio') {
    // Back to what the server rendered through the field's own setter (React notes it), then tapped
    // again, so the page's handler sees the borrower's choice.
    const box = field as HTMLInputElement;
    box.checked = box.defaultChecked;
    box.click();
  } else {
    const typed = field.value;
    // Back to the rendered value through the field's own setter (React notes it as the current
    // value), then the typed text through the prototype's, so the input event reads as a change.
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function handOverFields(root: HTMLElement): void {
  // Read all before acting: re-tapping one radio changes its group.
  [...root.querySelectorAll<Field>('input, textarea, select')].filter(changedByHand).forEach(handOver);
}

/**
 * A task later: React has rendered what the step before changed (a choice handed over, a tap), so
 * the next handler reads the page's current state, as it would for a finger's next event.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Stops the keeping and returns what was kept; undefined where no keeper ran (a page the browser rendered). */
function takeEarlyInput(): KeptInput[] | undefined {
  const take = window.__takeEarlyInput;
  delete window.__takeEarlyInput;
  return take?.();
}

/**
 * Stops the keeping and drops what was kept: the page failed (ErrorBoundary), so nothing of it is
 * there to act on, and the failure screen's Reload must take its tap.
 */
export const dropEarlyInput = (): void => void takeEarlyInput();

export async function replayEarlyInput(): Promise<void> {
  const kept = takeEarlyInput();
  if (!kept) return;
  const root = document.getElementById('root');
  if (root) handOverFields(root);
  for (const { target, key } of kept) {
    await nextTask();
    if (!target.isConnected) continue;
    if (key !== undefined) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    else if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  }
}
