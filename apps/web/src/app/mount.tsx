/** Mounts an entry's router. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hideSessionId, rememberPageParams } from '../shared/params/page-params.ts';
import './theme.css';

// No antd-mobile set-up here on purpose: of the kit the app uses only Button (toasts are
// shared/ui/toast-view.ts, dialogs shared/ui/Modal.tsx), which needs neither `unstableSetRender`
// (that is for the imperative Toast/Dialog.show) nor a locale. Keeping the kit out of the shell
// keeps every route's first load small.
export function mount(app: ReactNode): void {
  // First thing on every entry (path and #/ apps): keep the session parameters, then take sessionId
  // out of the address bar before any page, link or script can see it.
  rememberPageParams();
  hideSessionId();
  const container = document.getElementById('root')!;
  const tree = <StrictMode>{app}</StrictMode>;
  // A prerendered page (the site's long texts) is hydrated: its text stays on screen while the
  // page's code arrives, instead of being replaced by a spinner.
  if (container.firstElementChild) hydrateRoot(container, tree);
  else createRoot(container).render(tree);
}
