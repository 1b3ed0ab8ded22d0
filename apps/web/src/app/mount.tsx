/** Mounts an entry's router. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './theme.css';

// No antd-mobile set-up here on purpose: the app uses only its declarative components (Button,
// Dialog, CenterPopup), which need neither `unstableSetRender` (that is for the imperative
// Toast/Dialog.show, replaced by shared/ui/toast-view.ts) nor a locale (none of them shows kit
// text). Keeping the kit out of the shell keeps every route's first load small.
export function mount(app: ReactNode): void {
  const container = document.getElementById('root')!;
  const tree = <StrictMode>{app}</StrictMode>;
  // A prerendered page (the site's long texts) is hydrated: its text stays on screen while the
  // page's code arrives, instead of being replaced by a spinner.
  if (container.firstElementChild) hydrateRoot(container, tree);
  else createRoot(container).render(tree);
}
