/**
 * The app's one modal dialog: a centred dialog or a bottom sheet (AlertDialog.tsx lays out the title +
 * text + buttons popups on it).
 *
 * Focus: on open it goes to the panel itself (tabIndex -1) unless `initialFocus` names a control. A
 * screen reader then announces the dialog's name and description and reads on from the top of its
 * content; landing on the first button instead would skip the text the borrower must read before
 * choosing (Kind tips, the rollover prompt). Tab and Shift+Tab cycle inside; on close focus goes back
 * to the element that had it before, when that is still on the page.
 *
 * The page behind: `inert` on the app root (#root) rather than a native <dialog> with showModal().
 * showModal() makes everything outside the top layer inert, toasts too (shared/ui/toast-view.ts
 * appends its live region to <body>), so a dialog's own messages ('Silakan pilih') would go unread;
 * and Chrome closes a modal <dialog> on a repeated Escape (no tap in between) even when `cancel` is
 * prevented, while some of these dialogs must not close that way. Dialogs are portalled to <body>, beside #root, so they
 * stay live; a dialog opened over another makes the lower one inert too.
 *
 * In place (`inPlace`): a dialog the page shows on load (the second loan confirmation's promotion)
 * is rendered where it stands, inside #root, so the server's HTML paints it with the page and a tap
 * on its buttons before the code has run is kept for those very buttons (a portal would render them
 * anew, and the kept tap would be dropped). It makes its siblings inert instead of #root.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';
import { useHydrated } from './use-hydrated.ts';

export interface ModalProps {
  open: boolean;
  /** The id of the dialog's visible title. */
  labelledBy: string;
  describedBy?: string;
  variant?: 'dialog' | 'sheet';
  /** 'alertdialog' for a message that interrupts (it still needs a title and a button). */
  role?: 'dialog' | 'alertdialog';
  /** When given, Escape and a tap on the backdrop call it; without it only the dialog's own buttons close it. */
  onClose?: () => void;
  /** The control to focus on open instead of the panel (a picker's marked option, an alert's only button). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** The content brings its own padding (edge-to-edge image, a sheet with a header bar). */
  flush?: boolean;
  /** Rendered where it stands (and on the server), not in a portal: for a dialog open on load. */
  inPlace?: boolean;
  children: ReactNode;
}

// Open layers, the topmost last: only it answers keys, and everything under it is inert.
const layers: HTMLElement[] = [];
let bodyOverflow = '';
// What the lowest layer made inert: #root for a portalled one, its siblings for one in place.
let page: Element[] = [];

// A button disabled while its call runs (Confirm repayment) loses focus: Chrome blurs it to <body>,
// often just before the dialog that call opens reads its opener. That button is still the control
// to give focus back to; any later focus forgets it.
let blurredByDisabling: HTMLButtonElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusout', (event) => {
    blurredByDisabling = event.target instanceof HTMLButtonElement && event.target.disabled ? event.target : null;
  });
  document.addEventListener('focusin', () => {
    blurredByDisabling = null;
  });
}

function openerOf(active: Element | null): HTMLElement | null {
  if (active instanceof HTMLElement && active !== document.body) return active;
  return blurredByDisabling?.isConnected ? blurredByDisabling : null;
}

function pushLayer(layer: HTMLElement) {
  const below = layers.at(-1);
  if (below) below.setAttribute('inert', '');
  else {
    const inPlace = layer.parentElement !== document.body;
    page = (inPlace ? [...layer.parentElement!.children].filter((el) => el !== layer) : [document.getElementById('root')]).filter((el) => el !== null);
    page.forEach((el) => el.setAttribute('inert', ''));
    bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  layers.push(layer);
}

function popLayer(layer: HTMLElement) {
  const index = layers.indexOf(layer);
  if (index < 0) return;
  layers.splice(index, 1);
  const top = layers.at(-1);
  if (top) top.removeAttribute('inert');
  else {
    page.forEach((el) => el.removeAttribute('inert'));
    page = [];
    document.body.style.overflow = bodyOverflow;
  }
}

const CANDIDATES = 'a[href], button, input:not([type="hidden"]), select, textarea, iframe, [tabindex], [contenteditable="true"]';
const isRadio = (el: Element): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio' && el.name !== '';

/** The panel's Tab stops in order; a radio group is one stop (its checked radio, else its first). */
function tabStops(panel: HTMLElement): HTMLElement[] {
  const all = Array.from(panel.querySelectorAll<HTMLElement>(CANDIDATES)).filter(
    // jsdom has no layout (and old WebViews no checkVisibility): count the element as shown there.
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
  return all.filter((el, i) => !isRadio(el) || el.checked || !all.some((r, j) => isRadio(r) && r.name === el.name && (r.checked || j < i)));
}

export function Modal({ open, labelledBy, describedBy, variant = 'dialog', role = 'dialog', onClose, initialFocus, flush = false, inPlace = false, children }: ModalProps) {
  // The server renders no portalled dialog (there is no body to put it in), and neither does the
  // hydrating browser, so both match; such a dialog opens in the render right after.
  const hydrated = useHydrated();
  const shown = open && (hydrated || inPlace);
  const layerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest callbacks, read by the listeners set up once per opening.
  const latest = useRef({ onClose, initialFocus });
  useLayoutEffect(() => {
    latest.current = { onClose, initialFocus };
  });
  // Set where a tap starts: a press inside the panel that ends on the backdrop (a text selection) is no tap outside.
  const pressedBackdrop = useRef(false);

  // Layout effect: the page turns inert and focus moves before the dialog is first painted.
  useLayoutEffect(() => {
    const layer = layerRef.current;
    const panel = panelRef.current;
    if (!shown || !layer || !panel) return;
    // Read before #root turns inert, which drops focus from anything inside it.
    const opener = openerOf(document.activeElement);
    pushLayer(layer);
    (latest.current.initialFocus?.() ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (layers.at(-1) !== layer) return;
      if (event.key === 'Escape') {
        const close = latest.current.onClose;
        if (close) {
          event.preventDefault();
          close();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const stops = tabStops(panel);
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active !== panel && active instanceof Node && panel.contains(active);
      if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that still gets out (Shift+Tab out of an embedded frame, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (layers.at(-1) === layer && event.target instanceof Node && !layer.contains(event.target)) panel.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      popLayer(layer);
      if (opener?.isConnected) opener.focus();
    };
  }, [shown]);

  if (!shown) return null;
  const layer = (
    <div
      ref={layerRef}
      className={variant === 'sheet' ? styles.sheetLayer : styles.layer}
      data-modal-layer=""
      data-in-place={inPlace ? '' : undefined}
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedBackdrop.current) onClose?.();
      }}
    >
      <div
        ref={panelRef}
        className={`${variant === 'sheet' ? styles.sheet : styles.dialog}${flush ? '' : ` ${styles.padded}`}`}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
  return inPlace ? layer : createPortal(layer, document.body);
}
