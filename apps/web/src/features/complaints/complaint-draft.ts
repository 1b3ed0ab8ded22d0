/**
 * The complaint being written on step two, kept in local storage so that a webview reloaded behind
 * the phone's photo picker (Android does that when memory is short) comes back with the words and
 * images already there. Cleared when the complaint is sent (spec section 4).
 */
export const DRAFT_KEY = 'complaintDraft';

export interface ComplaintChoice {
  problemType: string;
  problemSonType: string;
  orderNo: string;
}
export interface ComplaintDraft extends ComplaintChoice {
  detail: string;
  images: string[];
}

const sameChoice = (a: ComplaintChoice, b: ComplaintChoice) =>
  a.problemType === b.problemType && a.problemSonType === b.problemSonType && a.orderNo === b.orderNo;

/** The draft written for this very choice of type, sub-type and order; anything else starts empty. */
export function readDraft(choice: ComplaintChoice): { detail: string; images: string[] } {
  try {
    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<ComplaintDraft> | null;
    if (!stored || typeof stored !== 'object' || !sameChoice(stored as ComplaintChoice, choice)) return { detail: '', images: [] };
    const images = Array.isArray(stored.images) ? stored.images.filter((u): u is string => typeof u === 'string') : [];
    return { detail: typeof stored.detail === 'string' ? stored.detail : '', images };
  } catch {
    return { detail: '', images: [] };
  }
}

export function saveDraft(draft: ComplaintDraft): void {
  try {
    if (draft.detail === '' && draft.images.length === 0) localStorage.removeItem(DRAFT_KEY);
    else localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage can be full or disabled in some webviews; the draft then lives only on the page.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // As above: nothing was stored.
  }
}
