/**
 * The page the server is rendering (apps/web/src/entries/server-render.tsx). On the server there is
 * no window, no storage and no <meta> tags to read: what the browser's code reads from them, the
 * server renderer sets here for each render, so the server renders what the browser will hydrate.
 * Renders are synchronous, one at a time, so one request's page never meets another's.
 */
import type { ServerPage } from '@cashloan/contract/server-render';

let current: ServerPage | undefined;

export function setServerPage(page: ServerPage | undefined): void {
  current = page;
}

/** The page being rendered on the server; undefined in the browser (and between renders). */
export function serverPage(): ServerPage | undefined {
  return current;
}
