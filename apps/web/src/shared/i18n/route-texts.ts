/**
 * Before a route's page first renders in the browser, in a language other than English: the
 * route's part of the catalogue, unless the page holds it already. Loaded only in such a language
 * (app/routes.tsx). A failed fetch leaves the route in English: its texts are all there.
 */
import type { PageTexts } from '@cashloan/contract/server-render';
import { pageLang, pageTexts } from './texts.ts';

export async function routeTexts(): Promise<void> {
  const { hash, pathname } = window.location;
  const route = hash.startsWith('#/') ? hash.slice(1).split('?')[0]! : pathname;
  const held = pageTexts();
  if (held.routes.includes(route)) return;
  try {
    const response = await fetch(`/texts?lang=${pageLang()}&route=${encodeURIComponent(route)}`);
    const more = (await response.json()) as PageTexts;
    Object.assign(held.texts, more.texts);
    held.routes.push(route);
  } catch {
    // English it is, for this route.
  }
}
