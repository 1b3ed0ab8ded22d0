/**
 * The toast on screen: one at a time, text only (server messages are never parsed as HTML), in a
 * live region so screen readers read it. Plain DOM on purpose: antd-mobile's Toast brings its
 * Mask and react-spring (~30 KiB gzip) into the first load of every screen.
 */
import styles from './toast-view.module.css';
import { messageLang } from '../i18n/message-lang.ts';
import { t } from '../i18n/texts.ts';

export type ToastIcon = 'success' | 'fail' | 'loading';
export interface ToastOptions {
  content: string;
  /** Milliseconds on screen; 0 keeps it until clear() or the next toast. */
  duration: number;
  icon?: ToastIcon;
  /** A non-English message carries its own language (the page is lang="en"); found from the text when not given. */
  lang?: string;
}

const ICONS: Record<Exclude<ToastIcon, 'loading'>, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  fail: 'M7 7l10 10M17 7L7 17',
};

let region: HTMLDivElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** The live region exists before the first toast, so the first message is announced too. */
function liveRegion(): HTMLDivElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.className = styles.region!;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  document.body.appendChild(region);
  return region;
}

function iconElement(icon: ToastIcon): Element {
  if (icon === 'loading') {
    const spinner = document.createElement('span');
    spinner.className = styles.spinner!;
    return spinner;
  }
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', styles.icon!);
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[icon]);
  svg.appendChild(path);
  return svg;
}

export function show({ content, duration, icon, lang }: ToastOptions): void {
  clear();
  const box = document.createElement('div');
  box.className = styles.toast!;
  box.dataset.testid = 'toast';
  if (icon) {
    box.classList.add(styles.withIcon!);
    const decoration = iconElement(icon);
    decoration.setAttribute('aria-hidden', 'true');
    box.appendChild(decoration);
  }
  const text = document.createElement('span');
  text.textContent = t(content);
  const language = lang ?? messageLang(content);
  if (language) text.lang = language;
  box.appendChild(text);
  liveRegion().appendChild(box);
  if (duration > 0) timer = setTimeout(clear, duration);
}

export function clear(): void {
  clearTimeout(timer);
  timer = undefined;
  region?.replaceChildren();
}
