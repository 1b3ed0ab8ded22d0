/** Mounts an entry's router. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hideSessionId, rememberPageParams } from '../shared/params/page-params.ts';
import './theme.css';

// No antd-mobile set-up here on purpose: of the kit the app uses only Button (toasts are
// shared/ui/toast-view.ts, dialogs shared/ui/Modal.tsx), which needs neither `unstableSetRender`
// (that is for the imperative Toast/Dialog.show) nor a locale. Keeping the kit out of the shell
// keeps every route's first load small.
export interface MountOptions {
  /**
   * Whether the markup the server put into #root is this page's (default: yes). A `#/` app's server
   * renders its landing without seeing the route after '#'; on another route the browser renders.
   */
  serverMarkupFits?: () => boolean;
}

export function mount(app: ReactNode, options: MountOptions = {}): void {
  // First thing on every entry (path and #/ apps): keep the session parameters, then take sessionId
  // out of the address bar before any page, link or script can see it.
  rememberPageParams();
  hideSessionId();
  const container = document.getElementById('root')!;
  const tree = <StrictMode>{app}</StrictMode>;
  // A page the server rendered is hydrated: its first screen stays as it is while the page's code
  // takes over, instead of being replaced by a spinner.
  if (container.firstElementChild && (options.serverMarkupFits?.() ?? true)) hydrateRoot(container, tree);
  else {
    container.replaceChildren();
    createRoot(container).render(tree);
  }
}
