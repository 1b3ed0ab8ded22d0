/** Mounts an entry's router. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme.css';

// No antd-mobile set-up here on purpose: the app uses only its declarative components (Button,
// Dialog, CenterPopup), which need neither `unstableSetRender` (that is for the imperative
// Toast/Dialog.show, replaced by shared/ui/toast-view.ts) nor a locale (none of them shows kit
// text). Keeping the kit out of the shell keeps every route's first load small.
export function mount(app: ReactNode): void {
  createRoot(document.getElementById('root')!).render(<StrictMode>{app}</StrictMode>);
}
