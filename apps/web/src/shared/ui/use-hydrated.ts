/**
 * False on the server and while the browser hydrates the server's markup, true from the next render
 * on (and at once in a page the browser renders itself). What only the browser can show (a dialog
 * in a portal) waits for it, so the server's HTML and the hydrating browser render the same.
 */
import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, onServer);
}
