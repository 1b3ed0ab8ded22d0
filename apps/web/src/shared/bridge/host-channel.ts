/**
 * The two-way channel with the host app (bridge version 2, docs/bridge.md "The two-way channel"):
 * the page says hello with its version, the host answers with its platform, version, capabilities
 * and the borrower's language, and from then on sends events (resume, back, networkChanged, the
 * result of a message it acted on). An older app (no channel), or one silent for HELLO_TIMEOUT_MS,
 * leaves the page on version 1: the one-way messages of bridge.ts, as before.
 *
 * Events are read only from the channel itself: Android's injected `LoanHost` object, which the
 * host limits to the lender's origins and the main frame, and iOS's reply promises, which only the
 * host can settle. Never from window's `message` event, which any frame or window can post to.
 *
 * Loaded once the first screen has run (app/AppRouter.tsx), so no route's initial code carries it.
 */
import { HELLO_TIMEOUT_MS, HOST_CHANNEL, BRIDGE_VERSION, type HostEvent, type HostHello, type PageToHost } from './messages.ts';
import { setHostCapabilities } from './bridge.ts';
import { HOST_RESUME_EVENT } from '../http/use-refresh-on-return.ts';
import { showFailure, showInfo, showSuccess } from '../ui/toast.ts';
import { LANG_PARAM } from '@cashloan/contract/i18n';
import { langOf } from '@cashloan/contract/lang-choice';
import { carriedParams } from '../params/page-params.ts';
import { pageLang } from '../i18n/texts.ts';

export const OFFLINE_TEXT = 'You are offline. This screen updates when your connection is back.';
export const SAVED_TEXT = 'Saved on your phone.';
export const SAVE_FAILED_TEXT = 'The file could not be saved on your phone. Please try again.';
export const UPI_FAILED_TEXT = 'No UPI app could be opened. Scan the QR code with a UPI app on another phone.';
export const RATE_FAILED_TEXT = 'The app store could not be opened. Please try again later.';

interface AndroidChannel {
  postMessage(message: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
interface IosChannel {
  postMessage(message: unknown): unknown;
}
interface ChannelWindow {
  [HOST_CHANNEL]?: Partial<AndroidChannel>;
  webkit?: { messageHandlers?: Partial<Record<string, Partial<IosChannel>>> };
}

/** One platform's way to talk: send a message, and hand every message of the host to `receive`. */
interface Channel {
  send(message: PageToHost): void;
  /** Starts handing the host's messages to `receive`; the hello answer is the first. */
  start(receive: (message: unknown) => void): void;
  /** The host's hello was taken: from now on its events are wanted. */
  opened(): void;
}

const parse = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

function androidChannel(host: Partial<AndroidChannel>): Channel | null {
  if (typeof host.postMessage !== 'function' || typeof host.addEventListener !== 'function') return null;
  return {
    send: (message) => host.postMessage!(JSON.stringify(message)),
    start: (receive) => host.addEventListener!('message', (event) => receive(parse(event.data))),
    // Android's host sends its events on the object itself: nothing to ask for.
    opened: () => undefined,
  };
}

/** iOS answers each postMessage with a promise: hello's is the hello, each `listen`'s the next event. */
function iosChannel(host: Partial<IosChannel>): Channel | null {
  if (typeof host.postMessage !== 'function') return null;
  const post = (message: PageToHost) => Promise.resolve(host.postMessage!(message));
  let receiver: (message: unknown) => void = () => undefined;
  const listen = () => {
    post({ type: 'listen' }).then(
      (event) => {
        receiver(parse(event));
        listen();
      },
      // A refused or torn-down channel: no more events (the host said no, or the page is going).
      () => undefined,
    );
  };
  return {
    send: (message) => {
      const answer = post(message);
      // hello's reply is the host's hello; another message's reply carries nothing.
      if (message.type === 'hello') answer.then((hello) => receiver(parse(hello)), () => undefined);
      else answer.catch(() => undefined);
    },
    start: (receive) => {
      receiver = receive;
    },
    opened: listen,
  };
}

function openChannel(): Channel | null {
  const w = window as unknown as ChannelWindow;
  const android = w[HOST_CHANNEL];
  if (android) return androidChannel(android);
  const ios = w.webkit?.messageHandlers?.[HOST_CHANNEL];
  return ios ? iosChannel(ios) : null;
}

function isHello(message: unknown): message is HostHello {
  const m = message as Partial<HostHello> | null;
  return typeof m === 'object' && m !== null && m.type === 'hello' && typeof m.bridge === 'number' && Array.isArray(m.capabilities);
}

function isEvent(message: unknown): message is HostEvent {
  const m = message as { type?: unknown; event?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === 'event' && typeof m.event === 'string';
}

/**
 * The system back, decided by the page: the top dialog closes when it can be dismissed (as Escape
 * does; a dialog that asks for a choice stays, and the back is taken), else the page's own back
 * control acts (`data-host-back`: the loan confirmation's Back, with its 'Point out' popup on iOS).
 * False: nothing here, the host goes back in the webview or closes it.
 */
export function handleBack(): boolean {
  if (document.querySelector('[data-modal-layer]')) {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    return true;
  }
  const control = document.querySelector<HTMLElement>('[data-host-back]');
  if (control) {
    control.click();
    return true;
  }
  return false;
}

const refreshScreen = () => window.dispatchEvent(new Event(HOST_RESUME_EVENT));

function onEvent(channel: Channel, event: HostEvent): void {
  switch (event.event) {
    case 'resume':
      refreshScreen();
      return;
    case 'back':
      channel.send({ type: 'backHandled', handled: handleBack() });
      return;
    case 'networkChanged':
      if (event.online) refreshScreen();
      else showInfo(OFFLINE_TEXT);
      return;
    case 'result':
      if (event.of === 'saveFile') {
        if (event.ok) showSuccess(SAVED_TEXT);
        else showFailure(SAVE_FAILED_TEXT);
      } else if (!event.ok) showFailure(event.of === 'openUpiApp' ? UPI_FAILED_TEXT : RATE_FAILED_TEXT);
      return;
    default:
      // An event of a newer host: nothing to do.
      return;
  }
}

let connecting: Promise<HostHello | null> | undefined;

/**
 * The app's language, when the page was given none (`lang`) and the webview's Accept-Language chose
 * another: the page loads again in it, once, with `lang` in its address, which the later pages carry
 * (docs/i18n.md). A host that opens its pages with `lang` is never reloaded.
 */
function followHostLang(hostLang: unknown): void {
  const lang = langOf(hostLang);
  if (lang === undefined || carriedParams().lang !== undefined || lang === pageLang()) return;
  const address = new URL(window.location.href);
  address.searchParams.set(LANG_PARAM, lang);
  window.location.replace(address.href);
}

/**
 * Says hello once per document. Resolves with the host's answer, or null when the page stays on
 * version 1 (no channel, no answer in time, or a host below version 2).
 */
export function connectHost(): Promise<HostHello | null> {
  connecting ??= new Promise((resolve) => {
    const channel = openChannel();
    if (!channel) {
      resolve(null);
      return;
    }
    let hello: HostHello | null = null;
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      resolve(null);
    }, HELLO_TIMEOUT_MS);
    channel.start((message) => {
      if (hello === null) {
        // Only a hello in time opens the channel; anything before it is not the host's answer.
        if (expired || !isHello(message) || message.bridge < BRIDGE_VERSION) return;
        clearTimeout(timer);
        hello = message;
        setHostCapabilities(message.capabilities.filter((name): name is string => typeof name === 'string'));
        channel.opened();
        followHostLang(message.lang);
        resolve(message);
        return;
      }
      if (isEvent(message)) onEvent(channel, message);
    });
    channel.send({ type: 'hello', bridge: BRIDGE_VERSION });
  });
  return connecting;
}
