/**
 * The accessibility checks e2e/accessibility.spec.ts and e2e/keyboard.spec.ts share: axe, the
 * narrow-screen and text-zoom checks, the image text check, and the keyboard helpers (Tab to a
 * control, Tab cycling inside a dialog). Findings are soft assertions, so one run lists them all.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';
import { isExcepted } from './a11y-exceptions.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until the open dialogs have finished their open animation (shared/ui/Modal marks each layer
 * with data-modal-layer; its backdrop fades and its panel pops or slides in): a half-faded dialog gives
 * false contrast findings. Endless animations (a spinner, the promotion's pointer) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const opening = Array.from(document.querySelectorAll('[data-modal-layer]'))
      .flatMap((layer) => layer.getAnimations({ subtree: true }))
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(opening.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe on the page as it is now; every serious or critical violation not excepted is a soft failure. */
export async function checkAxe(page: Page, where: string): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found: string[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      if (isExcepted(violation.id, node.target)) continue;
      found.push(`${violation.id} (${violation.impact}) ${JSON.stringify(node.target)}: ${node.failureSummary?.split('\n').slice(0, 2).join(' ') ?? ''}`);
    }
  }
  expect.soft(found, `axe violations on ${where}`).toEqual([]);
}

/**
 * Axe on a desktop screen at rest: the pointer moved off the button just clicked and every finite
 * animation it started finished (a primary button caught between hover and rest reads as low contrast).
 */
export async function checkAxeAtRest(page: Page, where: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await checkAxe(page, where);
}

/**
 * No horizontal scrolling at 320×568, nor with the root font at 200% (at 320×568 and 375×667); a
 * screenshot at 320 px; every visible button, link, input, tab, radio and check box (or the label it
 * is tapped through) at least 44×44 px.
 */
export async function checkNarrow(page: Page, where: string, testInfo: TestInfo): Promise<void> {
  const overflow = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
  await page.setViewportSize({ width: 320, height: 568 });
  const narrow = await overflow();
  expect.soft(narrow.scrollWidth, `${where} scrolls sideways at 320×568`).toBeLessThanOrEqual(narrow.clientWidth);
  await testInfo.attach(`${where} at 320 px`, { body: await page.screenshot(), contentType: 'image/png' });
  const style = await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  const large = await overflow();
  expect.soft(large.scrollWidth, `${where} scrolls sideways at 320×568 with the root font at 200%`).toBeLessThanOrEqual(large.clientWidth);
  await page.setViewportSize({ width: 375, height: 667 });
  const largeWide = await overflow();
  expect.soft(largeWide.scrollWidth, `${where} scrolls sideways at 375×667 with the root font at 200%`).toBeLessThanOrEqual(largeWide.clientWidth);
  await page.setViewportSize({ width: 320, height: 568 });
  await style.evaluate((el) => (el as Element).remove());
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), [role="tab"], [role="radio"], [role="checkbox"]'))
      .filter((el) => el.getClientRects().length > 0 && el.closest('[aria-hidden="true"]') === null)
      // A check box, radio or file input is tapped through its label: the label is the target.
      .map((el) => {
        const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
        const boxes = [el, ...labels].map((target) => target.getBoundingClientRect());
        const box = boxes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
        return { el, box };
      })
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ el, box }) => `${el.tagName.toLowerCase()} "${((el.textContent ?? '').trim() || el.getAttribute('aria-label') || '').slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect.soft(small, `${where}: touch targets under 44×44 px at 320 px`).toEqual([]);
  await page.setViewportSize({ width: 375, height: 667 });
}

/**
 * The open dialog at 320×568, and with the root font at 200%: it stays within the screen and does not
 * scroll sideways; its controls (a radio or check box by its label) are at least 44×44 px. Then the
 * same dialog under Android's text zoom (checkTextZoom).
 */
export async function checkDialogNarrow(page: Page, where: string): Promise<void> {
  const measure = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')).map((panel) => {
        const box = panel.getBoundingClientRect();
        const small = Array.from(panel.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), [role="radio"], [role="checkbox"]'))
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => {
            const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
            const boxes = [el, ...labels].map((target) => target.getBoundingClientRect());
            return { el, box: boxes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a)) };
          })
          .filter(({ box: b }) => b.height < 44 || b.width < 44)
          .map(({ el, box: b }) => `${el.tagName.toLowerCase()} "${((el.textContent ?? '').trim() || el.getAttribute('aria-label') || '').slice(0, 40)}" ${Math.round(b.width)}×${Math.round(b.height)}`);
        return { within: box.left >= 0 && box.right <= window.innerWidth + 0.5, sideways: panel.scrollWidth > panel.clientWidth, small };
      }),
    );
  await page.setViewportSize({ width: 320, height: 568 });
  const narrow = await measure();
  expect.soft(narrow.length, `${where}: a dialog is open`).toBeGreaterThan(0);
  for (const d of narrow) {
    expect.soft(d.within && !d.sideways, `${where}: the dialog fits 320 px`).toBe(true);
    expect.soft(d.small, `${where}: touch targets in the dialog under 44×44 px at 320 px`).toEqual([]);
  }
  const style = await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  for (const d of await measure()) expect.soft(d.within && !d.sideways, `${where}: the dialog fits 320 px with the root font at 200%`).toBe(true);
  await style.evaluate((el) => (el as Element).remove());
  await checkTextZoom(page, where);
}

/**
 * Android's text zoom as a WebView applies it (WebSettings.setTextZoom(200), which follows the
 * system font size): Blink multiplies every computed font size by the factor, px sizes included, so
 * lengths in em and rem grow with the text while px widths and the viewport stay. `html { font-size:
 * 200% }` grows only rem/em text, so it undersells this. Emulated here by reading every element's
 * computed font size first and then pinning each at `factor` times that, inline and !important (all
 * read before any is written: a child is not doubled a second time through its parent). Elements
 * added later (a toast) and the documents in frames are not zoomed. Returns the undo.
 */
export async function zoomText(page: Page, factor = 2): Promise<() => Promise<void>> {
  await page.evaluate((f) => {
    const els = Array.from(document.querySelectorAll<HTMLElement | SVGElement>('html, body, body *'));
    const sizes = els.map((el) => parseFloat(getComputedStyle(el).fontSize));
    const before = els.map((el) => [el.style.getPropertyValue('font-size'), el.style.getPropertyPriority('font-size')] as const);
    els.forEach((el, i) => el.style.setProperty('font-size', `${sizes[i]! * f}px`, 'important'));
    (window as unknown as { __undoTextZoom?: () => void }).__undoTextZoom = () =>
      els.forEach((el, i) => {
        const [value, priority] = before[i]!;
        if (value) el.style.setProperty('font-size', value, priority);
        else el.style.removeProperty('font-size');
      });
  }, factor);
  return async () => {
    await page.evaluate(() => (window as unknown as { __undoTextZoom?: () => void }).__undoTextZoom?.());
  };
}

/**
 * Text the borrower cannot read in full, as a list of findings:
 * - cut off: an element that clips its content (overflow hidden or clip) and holds text, whose
 *   content is wider or taller than its box (an ellipsis included). Scrolling containers (overflow
 *   auto or scroll) are not findings, their text can be scrolled to; neither are the visually hidden
 *   texts for screen readers (1 px boxes clipped on purpose), nor html and body (the page scrolls;
 *   body is held still under a dialog);
 * - split: a word broken over two lines in the middle ("Cance|l", "₱5,605.|00"), what a box too
 *   narrow for the zoomed text does when the page lets words break anywhere (overflow-wrap) rather
 *   than overflow. Nothing is hidden, but a split amount or label reads as two. A break after a
 *   hyphen or slash ("2026-|11-22") or at a <wbr> is an ordinary line break, not a finding.
 * Each finding names its element by a path of tag.class steps (CSS-module classes by their local
 * name, without the build's hash), which e2e/a11y-exceptions.ts entries match.
 */
export async function unreadableText(page: Page): Promise<Array<{ path: string; text: string }>> {
  return page.evaluate(() => {
    const local = (c: string) => c.replace(/^_(.+)_[a-z0-9]{5}_\d+$/, '$1');
    const step = (el: Element) => `${el.tagName.toLowerCase()}${Array.from(el.classList, (c) => `.${local(c)}`).join('')}`;
    const path = (el: Element) => {
      const steps: string[] = [];
      for (let at: Element | null = el; at && at !== document.body; at = at.parentElement) steps.unshift(step(at));
      return steps.join(' > ');
    };
    const shown = (el: Element) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 1;
    const found: Array<{ path: string; text: string }> = [];

    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (!shown(el) || !(el.textContent ?? '').trim()) continue;
      const style = getComputedStyle(el);
      const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const clipsX = clips(style.overflowX);
      const clipsY = clips(style.overflowY);
      if ((!clipsX && !clipsY) || el.clientHeight <= 1 || style.clipPath !== 'none' || style.clip !== 'auto') continue;
      // 1 px of slack: sub-pixel line boxes round up in scrollHeight.
      const wide = clipsX && el.scrollWidth > el.clientWidth + 1;
      const tall = clipsY && el.scrollHeight > el.clientHeight + 1;
      if (!wide && !tall) continue;
      const how = style.textOverflow === 'ellipsis' && wide ? 'ellipsis' : `${wide ? `${el.scrollWidth}>${el.clientWidth} wide ` : ''}${tall ? `${el.scrollHeight}>${el.clientHeight} high` : ''}`;
      found.push({ path: path(el), text: `cut off (${how.trim()}): "${(el.textContent ?? '').trim().slice(0, 40)}"` });
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript') || !shown(parent)) continue;
      for (const match of (node as Text).data.matchAll(/[^\s/\u2010-\u2015-]+[/\u2010-\u2015-]?/g)) {
        if (match[0].length < 2) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        const tops = rects.map((r) => r.top);
        if (rects.length > 1 && Math.max(...tops) - Math.min(...tops) >= rects[0]!.height / 2) {
          found.push({ path: path(parent), text: `split over lines: "${match[0]}"` });
        }
      }
    }
    return found;
  });
}

/**
 * At 320×568 with the text zoomed to 200% (zoomText): the page does not scroll sideways and no text
 * is cut off or split mid-word (unreadableText), except the entries of e2e/a11y-exceptions.ts for
 * 'text-zoom'.
 */
export async function checkTextZoom(page: Page, where: string, testInfo?: TestInfo): Promise<void> {
  await page.setViewportSize({ width: 320, height: 568 });
  const undo = await zoomText(page);
  const root = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect.soft(root.scrollWidth, `${where} scrolls sideways at 320×568 with text zoom 200%`).toBeLessThanOrEqual(root.clientWidth);
  const cut = (await unreadableText(page)).filter((f) => !isExcepted('text-zoom', [f.path])).map((f) => `${f.path} ${f.text}`);
  expect.soft(cut, `${where}: text cut off at 320×568 with text zoom 200%`).toEqual([]);
  if (testInfo) await testInfo.attach(`${where} at 320 px, text zoom 200%`, { body: await page.screenshot(), contentType: 'image/png' });
  await undo();
  await page.setViewportSize({ width: 375, height: 667 });
}

/**
 * Every <img> has an alt attribute, and an empty alt only when the image is marked decorative
 * (role presentation or none, or aria-hidden on it or around it): an empty alt by mistake is caught.
 * Every role="img" graphic (the status icons) has a name.
 */
export async function checkImageText(page: Page, where: string): Promise<void> {
  const wrong = await page.evaluate(() => {
    const name = (el: Element) => `${el.tagName.toLowerCase()} ${(el.getAttribute('src') ?? el.getAttribute('class') ?? '').slice(0, 60)}`;
    const decorative = (el: Element) => ['presentation', 'none'].includes(el.getAttribute('role') ?? '') || el.closest('[aria-hidden="true"]') !== null;
    const imgs = Array.from(document.images)
      .filter((img) => !img.hasAttribute('alt') || (img.alt.trim() === '' && !decorative(img)))
      .map((img) => `${name(img)}: ${img.hasAttribute('alt') ? 'empty alt but not marked decorative' : 'no alt'}`);
    const graphics = Array.from(document.querySelectorAll('[role="img"]'))
      .filter((el) => !el.closest('[aria-hidden="true"]') && !(el.getAttribute('aria-label') ?? '').trim() && !el.getAttribute('aria-labelledby') && !el.querySelector('title'))
      .map((el) => `${name(el)}: role img without a name`);
    return [...imgs, ...graphics];
  });
  expect.soft(wrong, `${where}: images without a text alternative`).toEqual([]);
}

/**
 * Presses Tab until `target` has focus, at most `max` times: the control is reachable by keyboard
 * from where focus is now. Fails when it is not reached.
 */
export async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused({ timeout: 1_000 });
}

/**
 * Presses Tab (or Shift+Tab) `times` times and returns the name of each element focused (its
 * aria-label, an input's label, else its text); a focus outside `dialog` fails the test at once.
 */
export async function tabNames(page: Page, dialog: Locator, times: number, shift = false): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const focused = await dialog.evaluate((panel) => {
      const el = document.activeElement;
      const labelled = el instanceof HTMLInputElement && el.labels?.[0] ? el.labels[0].textContent : null;
      return { inside: el !== null && panel.contains(el), name: (el?.getAttribute('aria-label') ?? labelled ?? el?.textContent ?? '').trim() };
    });
    expect(focused.inside, `focus after ${i + 1} × ${shift ? 'Shift+Tab' : 'Tab'}: "${focused.name}"`).toBe(true);
    names.push(focused.name);
  }
  return names;
}

/** Tab walks `stops` in order and wraps to the first; Shift+Tab walks back and wraps to the last. */
export async function expectTabCycle(page: Page, dialog: Locator, stops: string[]): Promise<void> {
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  expect(await tabNames(page, dialog, stops.length + 1)).toEqual([...stops, first]);
  expect(await tabNames(page, dialog, stops.length, true)).toEqual([last, ...stops.slice(0, -1).reverse()]);
}
