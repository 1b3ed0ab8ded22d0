import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Received = unknown[];
type Win = Record<string, unknown> & { webkit?: unknown };
const win = () => window as unknown as Win;

/** The object AndroidX's addWebMessageListener injects: postMessage(string), and the host's answers as message events. */
function androidHost(answer: (message: Record<string, unknown>) => unknown) {
  const received: Received = [];
  const target = new EventTarget();
  const host = {
    postMessage: (json: string) => {
      const message = JSON.parse(json) as Record<string, unknown>;
      received.push(message);
      const reply = answer(message);
      if (reply !== undefined) queueMicrotask(() => host.emit(reply));
    },
    addEventListener: (type: string, listener: EventListener) => target.addEventListener(type, listener),
    emit: (message: unknown) => target.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) })),
  };
  win().LoanHost = host;
  return { received, emit: host.emit };
}

/** WKScriptMessageHandlerWithReply: postMessage returns the reply's promise; a `listen` is answered by the next event. */
function iosHost(answerHello: (message: Record<string, unknown>) => unknown) {
  const received: Received = [];
  const listeners: Array<(event: unknown) => void> = [];
  const handler = {
    postMessage: (message: Record<string, unknown>) => {
      received.push(message);
      if (message.type === 'listen') return new Promise((resolve) => listeners.push(resolve));
      return Promise.resolve(message.type === 'hello' ? answerHello(message) : null);
    },
  };
  win().webkit = { messageHandlers: { LoanHost: handler } };
  return { received, emit: (event: unknown) => listeners.shift()?.(event), listening: () => listeners.length };
}

const HELLO = { type: 'hello', bridge: 2, platform: 'android', app: '3.4.0', capabilities: ['closeWebview', 'saveFile', 'teleport'], lang: 'fil' };

async function fresh() {
  vi.resetModules();
  const channel = await import('./host-channel.ts');
  const bridge = await import('./bridge.ts');
  const toast = await import('../ui/toast.ts');
  await toast.loadToastView();
  return { ...channel, ...bridge };
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  delete win().LoanHost;
  delete win().LoanBridge;
  delete win().webkit;
  vi.useRealTimers();
});

describe('the handshake', () => {
  it('Android, version 2: hello with the page version; the answer opens the channel and limits the messages sent to what the host lists', async () => {
    const host = androidHost((m) => (m.type === 'hello' ? HELLO : undefined));
    win().LoanBridge = { closeWebview: () => undefined, toHome: () => undefined, saveFile: () => undefined };
    const { connectHost, transportFor } = await fresh();
    // Before the answer, version 1: the message goes wherever a function for it exists.
    expect(transportFor('toHome')).toBe('android');
    await expect(connectHost()).resolves.toMatchObject({ bridge: 2, platform: 'android', lang: 'fil' });
    expect(host.received).toEqual([{ type: 'hello', bridge: 2 }]);
    expect(transportFor('closeWebview')).toBe('android');
    // Not listed by the host: never sent to it, though its object has a function of that name.
    expect(transportFor('toHome')).toBe('browser');
  });

  it('an older app (no channel) keeps version 1 at once', async () => {
    win().LoanBridge = { toHome: () => undefined };
    const { connectHost, transportFor } = await fresh();
    await expect(connectHost()).resolves.toBeNull();
    expect(transportFor('toHome')).toBe('android');
  });

  it('a silent host: version 1 after the time-out, and a late answer changes nothing', async () => {
    vi.useFakeTimers();
    const host = androidHost(() => undefined);
    win().LoanBridge = { toHome: () => undefined };
    const { connectHost, transportFor } = await fresh();
    const connected = connectHost();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(connected).resolves.toBeNull();
    host.emit({ ...HELLO, capabilities: [] });
    expect(transportFor('toHome')).toBe('android');
  });

  it('a host below version 2 is taken as version 1', async () => {
    vi.useFakeTimers();
    androidHost((m) => (m.type === 'hello' ? { ...HELLO, bridge: 1 } : undefined));
    const { connectHost } = await fresh();
    const connected = connectHost();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(connected).resolves.toBeNull();
  });

  it('iOS: the answer is the reply of hello, then the page keeps one listen open for events', async () => {
    const host = iosHost(() => ({ ...HELLO, platform: 'ios' }));
    const { connectHost } = await fresh();
    await expect(connectHost()).resolves.toMatchObject({ platform: 'ios' });
    await vi.waitFor(() => expect(host.listening()).toBe(1));
    expect(host.received).toEqual([{ type: 'hello', bridge: 2 }, { type: 'listen' }]);
  });
});

describe('events from the host', () => {
  it('resume asks the screen to refresh; a message posted to window is not an event', async () => {
    const host = androidHost((m) => (m.type === 'hello' ? HELLO : undefined));
    const { connectHost } = await fresh();
    const { HOST_RESUME_EVENT } = await import('../http/use-refresh-on-return.ts');
    await connectHost();
    const resumed = vi.fn();
    window.addEventListener(HOST_RESUME_EVENT, resumed);
    window.postMessage(JSON.stringify({ type: 'event', event: 'resume' }), '*');
    window.postMessage({ type: 'event', event: 'back' }, '*');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resumed).not.toHaveBeenCalled();
    expect(host.received).toHaveLength(1);
    host.emit({ type: 'event', event: 'resume' });
    expect(resumed).toHaveBeenCalledTimes(1);
    window.removeEventListener(HOST_RESUME_EVENT, resumed);
  });

  it('back: the page clicks its own back control and says so; without one it leaves back to the host', async () => {
    const host = androidHost((m) => (m.type === 'hello' ? HELLO : undefined));
    const { connectHost } = await fresh();
    await connectHost();
    host.emit({ type: 'event', event: 'back' });
    expect(host.received.at(-1)).toEqual({ type: 'backHandled', handled: false });
    const back = document.createElement('button');
    back.setAttribute('data-host-back', '');
    const tapped = vi.fn();
    back.addEventListener('click', tapped);
    document.body.append(back);
    host.emit({ type: 'event', event: 'back' });
    expect(tapped).toHaveBeenCalledTimes(1);
    expect(host.received.at(-1)).toEqual({ type: 'backHandled', handled: true });
  });

  it('iOS: events arrive one per listen, in order', async () => {
    const host = iosHost(() => ({ ...HELLO, platform: 'ios' }));
    const { connectHost } = await fresh();
    await connectHost();
    await vi.waitFor(() => expect(host.listening()).toBe(1));
    host.emit({ type: 'event', event: 'back' });
    await vi.waitFor(() => expect(host.received).toContainEqual({ type: 'backHandled', handled: false }));
    await vi.waitFor(() => expect(host.listening()).toBe(1));
  });

  it('the results the borrower is told of, and the offline notice', async () => {
    const host = androidHost((m) => (m.type === 'hello' ? HELLO : undefined));
    const { connectHost, SAVED_TEXT, SAVE_FAILED_TEXT, UPI_FAILED_TEXT, RATE_FAILED_TEXT, OFFLINE_TEXT } = await fresh();
    await connectHost();
    const cases: Array<[unknown, string]> = [
      [{ type: 'event', event: 'result', of: 'saveFile', ok: true }, SAVED_TEXT],
      [{ type: 'event', event: 'result', of: 'saveFile', ok: false }, SAVE_FAILED_TEXT],
      [{ type: 'event', event: 'result', of: 'openUpiApp', ok: false }, UPI_FAILED_TEXT],
      [{ type: 'event', event: 'result', of: 'toRate', ok: false }, RATE_FAILED_TEXT],
      [{ type: 'event', event: 'networkChanged', online: false }, OFFLINE_TEXT],
    ];
    for (const [event, text] of cases) {
      host.emit(event);
      await vi.waitFor(() => expect(document.body.textContent).toContain(text));
    }
  });
});
