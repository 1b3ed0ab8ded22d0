/**
 * Which built files each route needs before it is usable: its entry's static imports plus its
 * page's static imports, JS and CSS. Written to dist/route-assets.json at build time; the server
 * uses it to preload a route's own chunks with the HTML, and bench/bundle adds up their sizes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import * as SCREEN_PATHS from '../src/shared/navigation/screen-paths.ts';

export interface RouteAssets {
  /**
   * Entry html file → path (or #/ path) → files, relative to the dist root, and `texts`: the part of
   * the catalogue its page's texts are in (its feature's folder; docs/i18n.md).
   */
  [entryHtml: string]: Record<string, { js: string[]; css: string[]; texts: string }>;
}
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const TABLES: Record<string, string> = { MAIN_ROUTES: 'index.html', PAYMENT_WAY_ROUTES: 'pay.html', PROMOTION_ROUTES: 'promo.html' };

/** A route's path as routes.tsx writes it: a string, or a constant of shared/navigation/screen-paths.ts. */
function routePath(literal: string | undefined, constant: string | undefined): string {
  if (literal !== undefined) return literal;
  const path = (SCREEN_PATHS as Record<string, string>)[constant!];
  if (path === undefined) throw new Error(`route-assets: ${constant} is not a screen path`);
  return path;
}

/** path → page module (relative to src/app) for each route table in routes.tsx. */
export function parseRouteTables(source: string): Record<string, Record<string, string>> {
  const named = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = (?:lazy|pageCode)\(\(\) => import\('([^']+)'\)\)/g)) named.set(m[1]!, m[2]!);
  const tables: Record<string, Record<string, string>> = {};
  const parts = source.split(/export const (\w+): RouteEntry\[\] = \[/);
  for (let i = 1; i < parts.length; i += 2) {
    const html = TABLES[parts[i]!];
    if (!html) continue;
    const body = parts[i + 1]!.split('\n];')[0]!;
    const table: Record<string, string> = {};
    for (const m of body.matchAll(/path: (?:'([^']+)'|(\w+)).*?(?:page: |\.\.\.)(?:(?:lazy|pageCode)\(\(\) => import\('([^']+)'\)\)|(\w+))/g)) {
      const path = routePath(m[1], m[2]);
      const module = m[3] ?? named.get(m[4]!);
      if (!module) throw new Error(`route-assets: cannot tell the page of ${path}`);
      table[path] = module;
    }
    tables[html] = table;
  }
  return tables;
}

/** The chunk's file with everything it imports statically, in load order, and their CSS. */
function closure(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route-assets: ${key} is not in the manifest`);
    chunk.imports?.forEach(visit);
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/** A page that an entry also imports statically is keyed by its chunk name, not its source. */
function pageChunkKey(manifest: Manifest, sourceKey: string): string {
  if (manifest[sourceKey]) return sourceKey;
  const name = sourceKey.split('/').pop()!.replace(/\.tsx?$/, '');
  const byName = Object.keys(manifest).filter((key) => key.startsWith(`_${name}-`) && key.endsWith('.js'));
  if (byName.length !== 1) throw new Error(`route-assets: ${sourceKey} is not in the manifest`);
  return byName[0]!;
}

export function routeAssets(manifest: Manifest, routesSource: string): RouteAssets {
  const result: RouteAssets = {};
  for (const [html, table] of Object.entries(parseRouteTables(routesSource))) {
    result[html] = {};
    for (const [path, module] of Object.entries(table)) {
      const texts = /features\/([^/]+)\//.exec(module)?.[1] ?? 'common';
      result[html][path] = { ...closure(manifest, [html, pageChunkKey(manifest, `src/${module.replace(/^\.\.\//, '')}`)]), texts };
    }
  }
  return result;
}

export function routeAssetsPlugin(routesFile: string): Plugin {
  return {
    name: 'route-assets',
    apply: 'build',
    // After the manifest exists (Vite emits it at the end of generateBundle).
    writeBundle(options, bundle) {
      const manifestAsset = bundle['.vite/manifest.json'];
      if (!manifestAsset || manifestAsset.type !== 'asset') throw new Error('route-assets: build.manifest must be on');
      const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
      const assets = routeAssets(manifest, readFileSync(routesFile, 'utf8'));
      writeFileSync(join(options.dir!, 'route-assets.json'), JSON.stringify(assets, null, 1));
    },
  };
}
