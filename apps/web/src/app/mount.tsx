/** Mounts an entry's router. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { carriedParams, hideSessionId, paramsFromSearch, rememberPageParams, type CarriedParams } from '../shared/params/page-params.ts';
import { FirstAnswersProvider, readFirstAnswers } from '../shared/http/first-answers.ts';
import './theme.css';

// No UI-kit set-up here: the app's button, toasts and dialogs are its own (shared/ui), so the shell
// carries nothing but React and the router.
export interface MountOptions {
  /**
   * Whether the markup the server put into #root is this page's (default: yes). A `#/` app's server
   * renders its landing without seeing the route after '#'; on another route the browser renders.
   */
  serverMarkupFits?: () => boolean;
}

const sameParams = (a: CarriedParams, b: CarriedParams) => {
  const sorted = (params: CarriedParams) => JSON.stringify(Object.entries(params).sort(([x], [y]) => x.localeCompare(y)));
  return sorted(a) === sorted(b);
};

export function mount(app: ReactNode, options: MountOptions = {}): void {
  // What the server rendered with: the query it was asked for (what follows '#' never reaches it).
  const serverSaw = paramsFromSearch(window.location.search);
  // First thing on every entry (path and #/ apps): keep the session parameters, then take sessionId
  // out of the address bar before any page, link or script can see it.
  rememberPageParams();
  hideSessionId();
  const container = document.getElementById('root')!;
  // A page the server rendered is hydrated: its first screen stays as it is while the page's code
  // takes over, instead of being replaced by a spinner. Not when this webview's storage carries
  // parameters the address did not (an order chosen on an earlier page, the currency): the page
  // would call with them, so the server's screen and answers are not this page's.
  const hydrate = container.firstElementChild !== null && sameParams(serverSaw, carriedParams()) && (options.serverMarkupFits?.() ?? true);
  // The server's answers serve only the screen it rendered with them.
  const tree = (
    <StrictMode>
      <FirstAnswersProvider value={hydrate ? readFirstAnswers() : { byKey: {} }}>{app}</FirstAnswersProvider>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(container, tree);
  else {
    container.replaceChildren();
    createRoot(container).render(tree);
  }
}
