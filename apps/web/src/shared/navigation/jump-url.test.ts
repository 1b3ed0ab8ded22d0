import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import payloadFile from '../../../../../test/fixtures/open-redirects.txt?raw';
import { JUMP_REFUSED_MESSAGE, checkJumpUrl, pagePolicy, type JumpPolicy } from './jump-url.ts';
import { openJumpUrl } from '../bridge/bridge.ts';
import { browserNavigation } from '../bridge/browser-navigation.ts';
import { withCarriedParams } from '../params/page-params.ts';
import { setPagePolicy } from './test-policy.ts';
import { loadToastView } from '../ui/toast.ts';

// The toast view loads on the first toast; loaded here, the refusal toast is shown synchronously.
beforeAll(() => loadToastView());

/** The page the fixture's payloads are written against (see test/fixtures/open-redirects.txt). */
const POLICY: JumpPolicy = {
  base: 'https://h5.lender.example/allIt?orderId=1',
  trustedHosts: ['pay.provider.example', '*.lender-cdn.example'],
  appScheme: 'pesonow',
};

/** The allow-list written out independently of the code under test: host → the ports allowed. */
function landsOnAllowedHost(target: string): boolean {
  // The browser's own reading of the final address: an <a> element resolves it against the page.
  const a = document.createElement('a');
  a.href = new URL(target, POLICY.base).href;
  if (a.protocol !== 'http:' && a.protocol !== 'https:') return false;
  if (a.username !== '' || a.password !== '') return false;
  if (a.host === 'h5.lender.example' || a.host === 'pay.provider.example') return true;
  return a.port === '' && a.hostname.endsWith('.lender-cdn.example') && a.hostname !== '.lender-cdn.example';
}

function payloads(): string[] {
  return payloadFile
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => (line.startsWith('json:') ? (JSON.parse(line.slice(5)) as string) : line));
}

describe('the jump check on the payload list', () => {
  it('refuses every payload of test/fixtures/open-redirects.txt (at least 200 of them)', () => {
    const list = payloads();
    expect(list.length).toBeGreaterThanOrEqual(200);
    const passed = list.filter((payload) => checkJumpUrl(payload, POLICY).kind !== 'refused');
    expect(passed).toEqual([]);
  });
});

describe('what the jump check lets through', () => {
  it('opens paths of this site, its own host and the allow-list, keeping the spec’s http → direct, deep link → bridge', () => {
    expect(checkJumpUrl('/byAs?orderId=3', POLICY)).toEqual({ kind: 'route', url: '/byAs?orderId=3' });
    expect(checkJumpUrl('/pay.html#/borrowDetail?orderId=3', POLICY)).toEqual({ kind: 'route', url: '/pay.html#/borrowDetail?orderId=3' });
    expect(checkJumpUrl('  https://h5.lender.example/toIs?position=1 ', POLICY)).toEqual({ kind: 'web', url: 'https://h5.lender.example/toIs?position=1', sameOrigin: true });
    expect(checkJumpUrl('HTTPS://PAY.Provider.example/Checkout?id=1', POLICY)).toEqual({ kind: 'web', url: 'https://pay.provider.example/Checkout?id=1', sameOrigin: false });
    expect(checkJumpUrl('http://pay.provider.example/a', POLICY).kind).toBe('web');
    expect(checkJumpUrl('https://pay.provider.example:443/a', POLICY).kind).toBe('web');
    expect(checkJumpUrl('https://img.lender-cdn.example/a', POLICY).kind).toBe('web');
    expect(checkJumpUrl('https://a.b.lender-cdn.example/a', POLICY).kind).toBe('web');
    expect(checkJumpUrl('pesonow://app/productDetail?productId=7', POLICY)).toEqual({ kind: 'app', url: 'pesonow://app/productDetail?productId=7' });
    expect(checkJumpUrl('PESONOW://app/home', POLICY).kind).toBe('app');
  });

  it('compares hosts in their canonical form: case, punycode and percent-encoding of the same host', () => {
    const policy = { ...POLICY, trustedHosts: ['xn--bcher-kva.example', 'pay.provider.example:8443'] };
    expect(checkJumpUrl('https://bücher.example/x', policy).kind).toBe('web');
    expect(checkJumpUrl('https://BÜCHER.example/x', policy).kind).toBe('web');
    expect(checkJumpUrl('https://pay.provider.example:8443/x', policy).kind).toBe('web');
    expect(checkJumpUrl('https://pay.provider.example/x', policy).kind).toBe('refused');
    expect(checkJumpUrl('https://pay%2Eprovider.example:8443/x', policy).kind).toBe('web');
    expect(checkJumpUrl('https://bucher.example/x', policy).kind).toBe('refused');
  });

  it('with no allow-list, only this page’s own host, and with no app scheme, no deep link', () => {
    const bare = { base: POLICY.base, trustedHosts: [], appScheme: '' };
    expect(checkJumpUrl('https://h5.lender.example/a', bare).kind).toBe('web');
    expect(checkJumpUrl('https://pay.provider.example/a', bare).kind).toBe('refused');
    expect(checkJumpUrl('pesonow://app/x', bare).kind).toBe('refused');
  });

  it('never lets a UPI payment link through: it goes to the host app only as the bridge message openUpiApp', () => {
    for (const url of ['upi://pay?pa=lender@upi&am=1.00&cu=INR', 'UPI://pay?pa=x@y', 'upi:pay']) expect(checkJumpUrl(url, POLICY).kind).toBe('refused');
  });

  it('reads the allow-list and the scheme from the page’s <meta> tags, skipping entries that are not hosts', () => {
    setPagePolicy({ trustedHosts: ['Pay.Provider.example', ' https://bad/', ' *.cdn.example'], appScheme: 'PesoNow' });
    expect(pagePolicy()).toEqual({ base: window.location.href, trustedHosts: ['pay.provider.example', '*.cdn.example'], appScheme: 'pesonow' });
  });
});

// ---- property tests ------------------------------------------------------------------------------

const scheme = fc.constantFrom('http', 'https', 'HTTP', 'hTTps', 'javascript', 'data', 'intent', 'file', 'pesonow', 'ftp', 'blob', 'vbscript', '');
const separator = fc.constantFrom('://', ':', ':/', ':///', ':\\\\', ':/\\', '//', '/', '\\\\', ':\t//', ': //', '');
const userinfo = fc.constantFrom('', '', '', 'user@', 'h5.lender.example@', 'a:b@', '@', 'pay.provider.example:443@', 'x%40y@');
const host = fc.oneof(
  fc.constantFrom(
    'h5.lender.example',
    'pay.provider.example',
    'img.lender-cdn.example',
    'lender-cdn.example',
    'evil.com',
    'h5.lender.example.evil.com',
    'pay.provider.example.',
    'PAY.PROVIDER.EXAMPLE',
    'pay%2Eprovider.example',
    'ｐａｙ.provider.example',
    'pay.prоvider.example',
    '127.0.0.1',
    '0x7f.1',
    '2130706433',
    '[::1]',
    'h5.lender.example%40evil.com',
    'evil.com\\.h5.lender.example',
  ),
  fc.domain(),
);
const port = fc.constantFrom('', '', ':443', ':80', ':8443', ':0', ':65535');
const path = fc.oneof(
  fc.constantFrom('', '/', '/allIt?orderId=1', '/?h5.lender.example', '#@evil.com', '/@evil.com', '/\\evil.com', '//evil.com', '?next=https://evil.com', '/%2F%2Fevil.com'),
  fc.webPath(),
);
const builtUrl = fc.tuple(scheme, separator, userinfo, host, port, path).map((parts) => parts.join(''));
const anyText = fc.oneof(builtUrl, fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string(), fc.string({ unit: 'binary' }));

describe('the jump check, property-based', () => {
  it('allows only paths of this origin, http(s) on an allowed host without user info, and the app scheme', () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const result = checkJumpUrl(raw, POLICY);
        if (result.kind === 'route') {
          expect(new URL(result.url, POLICY.base).origin).toBe('https://h5.lender.example');
          expect(result.url.startsWith('/') && !result.url.startsWith('//')).toBe(true);
        }
        if (result.kind === 'web') expect(landsOnAllowedHost(result.url), raw).toBe(true);
        if (result.kind === 'app') expect(new URL(result.url).protocol).toBe('pesonow:');
      }),
      { numRuns: 5000 },
    );
  });

  it('lets every plain http(s) URL of an allowed host through', () => {
    const allowedHost = fc.constantFrom('h5.lender.example', 'pay.provider.example', 'img.lender-cdn.example', 'a.b.lender-cdn.example');
    fc.assert(
      fc.property(fc.constantFrom('http', 'https'), allowedHost, fc.webPath(), fc.webQueryParameters(), (s, h, p, q) => {
        const raw = `${s}://${h}${p}?${q}`;
        fc.pre(!/[\\\s]/.test(raw));
        expect(checkJumpUrl(raw, POLICY).kind).toBe('web');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('opening a jump URL', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  /** What the fake host app (Android) was asked to open. */
  let bridged: string[];
  beforeEach(() => {
    bridged = [];
    (window as unknown as { LoanBridge: unknown }).LoanBridge = { openPage: (json: string) => bridged.push((JSON.parse(json) as { url: string }).url) };
    window.history.replaceState(null, '', '/allIt?orderId=1&userId=u-1&sessionId=s-1');
    setPagePolicy({ trustedHosts: ['pay.provider.example'], appScheme: 'pesonow' });
    assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    document.body.innerHTML = '';
    delete (window as unknown as { LoanBridge?: unknown }).LoanBridge;
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('whatever it opens (with the carried parameters added) lands on this page’s host or an allowed one', () => {
    const own = window.location.host;
    fc.assert(
      fc.property(anyText, (raw) => {
        assign.mockClear();
        bridged = [];
        const outcome = openJumpUrl(withCarriedParams(raw));
        for (const url of bridged) expect(new URL(url).protocol).toBe('pesonow:');
        for (const [opened] of assign.mock.calls as Array<[string]>) {
          const a = document.createElement('a');
          a.href = opened;
          expect(['http:', 'https:']).toContain(a.protocol);
          expect([own, 'pay.provider.example']).toContain(a.host);
          expect(a.username).toBe('');
        }
        if (outcome === 'refused' || outcome === 'ignored') {
          expect(assign).not.toHaveBeenCalled();
          expect(bridged).toEqual([]);
        }
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('a refused URL opens nothing and tells the borrower', () => {
    expect(openJumpUrl('javascript:alert(1)')).toBe('refused');
    expect(openJumpUrl('https://h5.lender.example@evil.com/')).toBe('refused');
    expect(assign).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain(JUMP_REFUSED_MESSAGE);
  });
});
