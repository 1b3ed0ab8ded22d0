/**
 * The one list of accessibility findings the e2e accessibility check (e2e/accessibility.spec.ts)
 * accepts, each for one rule on one element, with the reason. Never a rule switched off everywhere:
 * a violation is excused only when its rule and its element's selector both match an entry here.
 */
export interface A11yException {
  /** The axe rule id, e.g. 'color-contrast'. */
  rule: string;
  /** A substring of the element's axe target selector (the path axe reports for the node). */
  selector: string;
  /** Why this is a false positive, or why it is accepted for now. */
  reason: string;
}

export const A11Y_EXCEPTIONS: readonly A11yException[] = [];

/** Whether a violation of `rule` on the element axe names `target` is in the list. */
export function isExcepted(rule: string, target: readonly unknown[]): boolean {
  const path = target.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))).join(' >>> ');
  return A11Y_EXCEPTIONS.some((e) => e.rule === rule && path.includes(e.selector));
}
