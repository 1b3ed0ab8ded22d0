/**
 * The helper the build wraps around each lazy import() to load the route's CSS first, smaller than
 * Vite's own: with `modulePreload: false` its deps are only CSS files, so what the app needs is
 * "add the stylesheets not on the page yet, wait for them, then import". Vite's helper also handles
 * JS preloads, CSP nonces, relative bases and its `vite:preloadError` event, none of which this app
 * uses; it cost every route about 0.6 KiB gzip of the shared chunk.
 *
 * Kept from Vite's: a stylesheet already on the page is not fetched again (the server inlines a
 * route's CSS and leaves a disabled <link> with its address, html-pages.ts), each file is fetched
 * once however many imports wait for it, a failed one is tried again by the next import that needs
 * it, and a failure rejects the import (the ErrorBoundary then offers Reload).
 */
import type { Plugin } from 'vite';

/** The id Vite's import analysis gives its helper module; a plugin that loads it first provides it. */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

const HELPER = `
const pending = {};
const onPage = (href) => [...document.getElementsByTagName('link')].some((link) => link.rel === 'stylesheet' && link.href === href);
function stylesheet(file) {
  const href = new URL('/' + file, location.href).href;
  if (!/\\.css$/.test(file) || onPage(href)) return undefined;
  return pending[href] || (pending[href] = new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.onload = () => { delete pending[href]; resolve(); };
    link.onerror = () => { delete pending[href]; link.remove(); reject(new Error('Unable to preload CSS for ' + href)); };
    document.head.appendChild(link);
  }));
}
export const __vitePreload = (load, files) => (files && files.length ? Promise.all(files.map(stylesheet)).then(load) : load());
`;

export function cssPreloadPlugin(): Plugin {
  return {
    name: 'cashloan-css-preload',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      return id === PRELOAD_HELPER_ID ? HELPER : undefined;
    },
  };
}
