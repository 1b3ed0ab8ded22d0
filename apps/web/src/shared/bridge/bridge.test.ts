import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callPhone,
  closeWebview,
  endBank,
  openUpiApp,
  isIosApp,
  openJumpUrl,
  openPage,
  openPageReplace,
  startBank,
  telNumber,
  toHome,
  toLogin,
  toMine,
  toProductDetail,
  toRate,
  trackEvent,
  transportFor,
} from './bridge.ts';
import { browserNavigation } from './browser-navigation.ts';
import { bytesToBase64, saveFile } from './save-file.ts';
import { setPagePolicy } from '../navigation/test-policy.ts';
import { BRIDGE_MESSAGE_NAMES, type BridgeMessageName } from './messages.ts';
import { loadToastView } from '../ui/toast.ts';

// The toast view loads on the first toast; loaded here, the refusal toast is shown synchronously.
beforeAll(() => loadToastView());

type Host = { LoanBridge?: unknown; webkit?: unknown };
const host = () => window as unknown as Host;

/** A fake Android object recording exactly the arguments each method got. */
function fakeAndroid(names: readonly string[] = BRIDGE_MESSAGE_NAMES) {
  const received: { name: string; args: unknown[] }[] = [];
  const bridge: Record<string, (...args: unknown[]) => void> = {};
  for (const name of names) bridge[name] = (...args) => void received.push({ name, args });
  host().LoanBridge = bridge;
  return { received, bridge };
}

/** A fake WKWebView: one handler per name, recording exactly what postMessage got. */
function fakeIos(names: readonly string[] = BRIDGE_MESSAGE_NAMES) {
  const received: { name: string; args: unknown[] }[] = [];
  const messageHandlers: Record<string, { postMessage: (...args: unknown[]) => void }> = {};
  for (const name of names) messageHandlers[name] = { postMessage: (...args) => void received.push({ name, args }) };
  host().webkit = { messageHandlers };
  return { received, messageHandlers };
}

let assign: ReturnType<typeof vi.spyOn>;
let replace: ReturnType<typeof vi.spyOn>;
let back: ReturnType<typeof vi.spyOn>;
let info: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
  replace = vi.spyOn(browserNavigation, 'replace').mockImplementation(() => {});
  back = vi.spyOn(browserNavigation, 'back').mockImplementation(() => {});
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  delete host().LoanBridge;
  delete host().webkit;
  vi.restoreAllMocks();
});

/** Every message with a representative payload, sent through its own function. */
const sends: [BridgeMessageName, () => unknown, unknown][] = [
  ['openPage', () => openPage({ page: 'order', title: 'Orders' }), { page: 'order', title: 'Orders' }],
  ['closeWebview', () => closeWebview(), {}],
  ['openPageReplace', () => openPageReplace({ url: 'https://h5.example/allIt?orderId=1' }), { url: 'https://h5.example/allIt?orderId=1' }],
  ['toProductDetail', () => toProductDetail({ productId: '12' }), { productId: '12' }],
  ['toHome', () => toHome(), {}],
  ['toMine', () => toMine(), {}],
  ['toLogin', () => toLogin(), {}],
  ['callPhone', () => callPhone({ phone: '+63 2 8123 4567' }), { phone: '+63 2 8123 4567' }],
  ['toRate', () => toRate(), {}],
  ['trackEvent', () => trackEvent({ event: 'loan_push', data: { productId: '12' } }), { event: 'loan_push', data: { productId: '12' } }],
  ['startBank', () => startBank(), {}],
  ['endBank', () => endBank({ success: true }), { success: true }],
  ['openUpiApp', () => openUpiApp('upi://pay?pa=lender@upi&am=1.00&cu=INR'), { url: 'upi://pay?pa=lender@upi&am=1.00&cu=INR' }],
  [
    'saveFile',
    () => saveFile({ fileName: 'receipt-PN1.pdf', mimeType: 'application/pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]) }),
    { fileName: 'receipt-PN1.pdf', mimeType: 'application/pdf', base64: 'JVBERg==' },
  ],
];

describe('every message is covered', () => {
  it('by a representative send', () => {
    expect(sends.map(([name]) => name).sort()).toEqual([...BRIDGE_MESSAGE_NAMES].sort());
  });
});

describe('Android transport', () => {
  it.each(sends)('%s calls window.LoanBridge.%s with the payload as one JSON string', (name, send, payload) => {
    const { received } = fakeAndroid();
    expect(send()).toBe('android');
    expect(received).toEqual([{ name, args: [JSON.stringify(payload)] }]);
    expect(assign).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
  });

  it('calls the method on the bridge object itself (Android needs it as `this`)', () => {
    const bridge = {
      received: [] as string[],
      toHome(this: { received: string[] } | undefined, json: string) {
        // Throws (and is logged) if called detached, as Android's interface would.
        this!.received.push(json);
      },
    };
    host().LoanBridge = bridge;
    toHome();
    expect(bridge.received).toEqual(['{}']);
    expect(error).not.toHaveBeenCalled();
  });

  it('drops undefined fields rather than sending them', () => {
    const { received } = fakeAndroid();
    openPage({ page: 'setting', url: undefined });
    expect(received[0]!.args).toEqual(['{"page":"setting"}']);
  });

  it('wins over iOS handlers when both exist', () => {
    const android = fakeAndroid();
    const ios = fakeIos();
    toMine();
    expect(android.received).toHaveLength(1);
    expect(ios.received).toHaveLength(0);
  });
});

describe('iOS transport', () => {
  it.each(sends)('%s posts the payload object to messageHandlers.%s', (name, send, payload) => {
    const { received } = fakeIos();
    expect(send()).toBe('ios');
    expect(received).toEqual([{ name, args: [payload] }]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('is used when the Android object lacks that method', () => {
    fakeAndroid(['toHome']);
    const ios = fakeIos();
    expect(transportFor('toHome')).toBe('android');
    expect(toLogin()).toBe('ios');
    expect(ios.received).toEqual([{ name: 'toLogin', args: [{}] }]);
  });
});

describe('native errors', () => {
  it.each(['startBank', 'endBank'] as const)('%s swallows a native error silently', (name) => {
    host().LoanBridge = {
      [name]: () => {
        throw new Error('native crash');
      },
    };
    expect(() => (name === 'startBank' ? startBank() : endBank({ success: false }))).not.toThrow();
    expect(error).not.toHaveBeenCalled();
  });

  it('logs and never throws for the other messages', () => {
    host().webkit = {
      messageHandlers: {
        closeWebview: {
          postMessage: () => {
            throw new Error('handler gone');
          },
        },
      },
    };
    expect(() => closeWebview()).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('closeWebview');
    expect(back).not.toHaveBeenCalled();
  });
});

describe('browser fallback', () => {
  it('closeWebview goes back in history', () => {
    expect(closeWebview()).toBe('browser');
    expect(back).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalled();
  });

  it('callPhone navigates to a tel: link with the dialable number', () => {
    callPhone({ phone: '+63 (2) 8123-4567' });
    expect(assign).toHaveBeenCalledWith('tel:+63281234567');
  });

  it('callPhone without a number does nothing', () => {
    callPhone({ phone: '  ' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('openPage with a URL opens it; with only a page key it just logs', () => {
    openPage({ url: '/allIt?orderId=3' });
    expect(assign).toHaveBeenCalledWith('/allIt?orderId=3');
    assign.mockClear();
    openPage({ page: 'setting' });
    expect(assign).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalled();
  });

  it('openPageReplace replaces the location; toProductDetail opens its url when given', () => {
    openPageReplace({ url: 'https://h5.example/x' });
    expect(replace).toHaveBeenCalledWith('https://h5.example/x');
    toProductDetail({ productId: '4', url: '/smpSystem?productId=4' });
    expect(assign).toHaveBeenCalledWith('/smpSystem?productId=4');
    assign.mockClear();
    toProductDetail({ productId: '4' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('toHome goes to /', () => {
    toHome();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('the others only log', () => {
    toMine();
    toLogin();
    toRate();
    trackEvent({ event: 'x' });
    startBank();
    endBank({ success: true });
    expect(openUpiApp('upi://pay?pa=lender@upi&am=1.00&cu=INR')).toBe('browser');
    expect(assign).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(7);
  });

  it('openUpiApp sends only a upi://pay link', () => {
    for (const url of ['javascript:alert(1)', 'https://pay.example/x', 'upi://mandate?pa=x@y', 'upi://pay?pa=x@y\nam=1', 'intent://pay#Intent;scheme=upi;end']) {
      expect(openUpiApp(url)).toBe('refused');
    }
    expect(info).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a failing browser navigation is logged, not thrown', () => {
    back.mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => closeWebview()).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('openJumpUrl', () => {
  beforeEach(() => setPagePolicy({ trustedHosts: ['pay.example'], appScheme: 'cashloan' }));

  it('opens an allowed http(s) URL directly, even inside the app', () => {
    const { received } = fakeIos();
    expect(openJumpUrl('https://pay.example/checkout?id=1')).toBe('direct');
    expect(openJumpUrl('http://pay.example/a')).toBe('direct');
    expect(openJumpUrl('HTTPS://PAY.EXAMPLE/B')).toBe('direct');
    expect(openJumpUrl('/allIt?orderId=1')).toBe('direct');
    expect(assign.mock.calls).toEqual([['https://pay.example/checkout?id=1'], ['http://pay.example/a'], ['https://pay.example/B'], ['/allIt?orderId=1']]);
    expect(received).toEqual([]);
  });

  it('hands the app’s own deep links to the native side as openPage {url}', () => {
    const { received } = fakeIos();
    expect(openJumpUrl('cashloan://product?productId=7')).toBe('ios');
    expect(received).toEqual([{ name: 'openPage', args: [{ url: 'cashloan://product?productId=7' }] }]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('reaches the Android host the same way', () => {
    const { received } = fakeAndroid();
    openJumpUrl('cashloan://home');
    expect(received).toEqual([{ name: 'openPage', args: ['{"url":"cashloan://home"}'] }]);
  });

  it('refuses other hosts and schemes: nothing opens, nothing reaches the app, the borrower is told', () => {
    const { received } = fakeAndroid();
    for (const url of ['https://evil.example/', 'intent://x#Intent;end', 'javascript:alert(1)', 'otherapp://x', '//evil.example']) {
      expect(openJumpUrl(url), url).toBe('refused');
    }
    expect(assign).not.toHaveBeenCalled();
    expect(received).toEqual([]);
    expect(document.body.textContent).toContain('This link cannot be opened.');
  });

  it('ignores an empty URL', () => {
    expect(openJumpUrl('')).toBe('ignored');
    expect(openJumpUrl(undefined)).toBe('ignored');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('telNumber keeps what a dialer understands', () => {
    expect(telNumber('0917 123 4567')).toBe('09171234567');
    expect(telNumber('+1+2')).toBe('+12');
    expect(telNumber('*123#')).toBe('*123%23');
    expect(telNumber(undefined)).toBe('');
  });

  it('isIosApp is true only with WebKit handlers and no Android object', () => {
    expect(isIosApp()).toBe(false);
    fakeIos();
    expect(isIosApp()).toBe(true);
    fakeAndroid();
    expect(isIosApp()).toBe(false);
  });
});

describe('saveFile', () => {
  it('encodes the bytes as standard base64, also a file larger than one slice', () => {
    expect(bytesToBase64(new Uint8Array([]))).toBe('');
    expect(bytesToBase64(new Uint8Array([0xff, 0x00, 0x10]))).toBe('/wAQ');
    const big = new Uint8Array(200_000).map((_, i) => i % 251);
    expect(atob(bytesToBase64(big)).length).toBe(200_000);
    expect(atob(bytesToBase64(big)).charCodeAt(199_999)).toBe(199_999 % 251);
  });

  it('in a browser downloads the file itself: a Blob URL clicked as <a download>, revoked later', () => {
    vi.useFakeTimers();
    const createObjectURL = vi.fn((blob: Blob) => `blob:h5/${blob.size}-${blob.type}`);
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });
    try {
      expect(saveFile({ fileName: 'statement-PN1.pdf', mimeType: 'application/pdf', bytes: new Uint8Array([1, 2, 3]) })).toBe('browser');
      expect(clicked).toEqual([{ href: 'blob:h5/3-application/pdf', download: 'statement-PN1.pdf', inDocument: true }]);
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revokeObjectURL).not.toHaveBeenCalled();
      vi.advanceTimersByTime(30_000);
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:h5/3-application/pdf');
      expect(info).toHaveBeenCalledTimes(1);
    } finally {
      click.mockRestore();
      vi.useRealTimers();
    }
  });

  it('a host that throws is logged, never thrown to the page', () => {
    host().LoanBridge = {
      saveFile: () => {
        throw new Error('disk full');
      },
    };
    expect(saveFile({ fileName: 'a.pdf', mimeType: 'application/pdf', bytes: new Uint8Array([1]) })).toBe('android');
    expect(error).toHaveBeenCalledTimes(1);
  });
});
