import { describe, expect, it } from 'vitest';
import { parseRouteTables, routeAssets } from '../../build/route-assets.ts';
import { MAIN_ROUTES, PAYMENT_WAY_ROUTES, PROMOTION_ROUTES } from './routes.tsx';
import source from './routes.tsx?raw';

describe('route assets (what the server preloads and bench/bundle measures)', () => {
  it('finds the page of every route of the three tables', () => {
    const tables = parseRouteTables(source);
    expect(Object.keys(tables['index.html']!)).toEqual(MAIN_ROUTES.map((r) => r.path));
    expect(Object.keys(tables['pay.html']!)).toEqual(PAYMENT_WAY_ROUTES.map((r) => r.path));
    expect(Object.keys(tables['promo.html']!)).toEqual(PROMOTION_ROUTES.map((r) => r.path));
    expect(tables['index.html']!['/numberWill']).toBe(tables['index.html']!['/complainPage']);
  });

  it("lists the entry and page chunks with their static imports, dependencies first, and the catalogue part of the page's feature", () => {
    const manifest = {
      'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_shell.js'] },
      '_shell.js': { file: 'assets/shell.js', css: ['assets/shell.css'] },
      '_ui.js': { file: 'assets/ui.js', imports: ['_shell.js'], css: ['assets/ui.css'] },
      'src/features/site/OfficialSitePage.tsx': { file: 'assets/site.js', imports: ['_ui.js', '_shell.js'] },
    };
    const small = "export const MAIN_ROUTES: RouteEntry[] = [\n  { path: '/', purpose: 'x', page: lazy(() => import('../features/site/OfficialSitePage.tsx')) },\n];";
    expect(routeAssets(manifest, small)).toEqual({
      'index.html': { '/': { js: ['assets/shell.js', 'assets/main.js', 'assets/ui.js', 'assets/site.js'], css: ['assets/shell.css', 'assets/ui.css'], texts: 'site' } },
    });
  });
});
