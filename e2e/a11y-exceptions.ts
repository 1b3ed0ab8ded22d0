/**
 * The one list of accessibility findings the e2e accessibility check (e2e/accessibility.spec.ts)
 * accepts, each for one rule on one element, with the reason. Never a rule switched off everywhere:
 * a violation is excused only when its rule and its element's selector both match an entry here.
 */
export interface A11yException {
  /**
   * The axe rule id, e.g. 'color-contrast'; or 'text-zoom' for text cut off or split mid-word at
   * 320 px with Android's text zoom at 200% (e2e/a11y-checks.ts, unreadableText).
   */
  rule: string;
  /**
   * A substring of the element's axe target selector (the path axe reports for the node); for
   * 'text-zoom', of its tag.class path (CSS-module classes by their local name).
   */
  selector: string;
  /** Why this is a false positive, or why it is accepted for now. */
  reason: string;
}

/** An e-mail address has no place to break that a reader would expect. */
const EMAIL_REASON =
  'An e-mail address is one unbroken word; at 200% text zoom it is wider than a 320 px screen, so it wraps where it must rather than scroll the page sideways. It is a link (or opens a mail draft), so nobody needs to copy it by eye.';

export const A11Y_EXCEPTIONS: readonly A11yException[] = [
  { rule: 'text-zoom', selector: 'footer.footer > div.inner > dl.footerFacts > dd > a', reason: `The site footer's e-mail address. ${EMAIL_REASON}` },
  { rule: 'text-zoom', selector: 'li > a.inlineLink', reason: `The grievance officer's e-mail address in the privacy policy. ${EMAIL_REASON}` },
  { rule: 'text-zoom', selector: 'a.card > span.text > span.value', reason: `The customer-service e-mail address (/beSeats). ${EMAIL_REASON}` },
  {
    rule: 'text-zoom',
    selector: 'section.card > dl.ticketFacts > div > dd > a',
    reason: `The grievance officer's e-mail address in a late complaint's escalation note (/complainDetails). ${EMAIL_REASON}`,
  },
  {
    rule: 'text-zoom',
    selector: 'div.prose > section > h2',
    reason:
      "A long single word in a legal text's section heading ('Representation', 21 px bold, 42 px zoomed) is wider than a 320 px screen at 200% text zoom; it wraps rather than overflow. Smaller headings would be worse for everyone else.",
  },
  {
    rule: 'text-zoom',
    selector: 'nav.card.toc > ol > li > a',
    reason: "The same long heading words in the privacy policy's table of contents: the numbered, indented list in a card leaves less than 210 px at 200% text zoom.",
  },
  {
    rule: 'text-zoom',
    selector: 'a.link > code.route',
    reason: "The developer preview (/testPreview) names each route ('dragonpayPaymentInstructions'); a route name is one long word and must wrap at 200% text zoom. Not a borrower screen.",
  },
];

/** Whether a violation of `rule` on the element axe names `target` is in the list. */
export function isExcepted(rule: string, target: readonly unknown[]): boolean {
  const path = target.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))).join(' >>> ');
  return A11Y_EXCEPTIONS.some((e) => e.rule === rule && path.includes(e.selector));
}
