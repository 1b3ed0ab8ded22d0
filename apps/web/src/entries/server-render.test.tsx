// @vitest-environment node
/**
 * The server's renderer as the server uses it, without a window: which route it renders, the calls
 * its route declares (the very requests the browser's client would send), and the first screen it
 * renders once from their answers, refusals included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@cashloan/contract/order-details';
import type { ServerPage } from '@cashloan/contract/server-render';
import { MAIN_ROUTES } from '../app/routes.tsx';
import { FIRST_CALLS } from '../app/first-calls.ts';
import { firstCalls, loadPages, renderRoute, routeToRender } from './server-render.tsx';

const SESSION = 'deviceId=d-1&userId=U1&sessionId=secret-session-77&merchantNumber=M0001&mobilePhone=9170000001';
const page = (path: string, entry: ServerPage['entry'] = 'index.html'): ServerPage => ({
  entry,
  href: `https://pesonow.example${path}`,
  trustedHosts: [],
  appScheme: 'pesonow',
  lang: 'en',
  texts: { routes: [], texts: {} },
});
const ORDER: OrderDetails = {
  orderStatus: 174,
  noticeStatusText: 'Repayment due',
  noticeDesText: 'Please repay ₱5,605.00 by 2027-02-01.',
  productName: 'PesoNow Cash',
  productLogo: '',
  userOrderDetail: { detail: [{ text: 'Loan amount', value: '₱5,000.00' }] },
  recProducts: [],
  inside: 1,
  h5Url: '',
  isDelay: '0',
  telephone: '',
  isScore: '0',
  playeduL: '',
  reyMsg: '',
  KindTipsMsg: '',
  cardNeedPop: 0,
  cardPopTitle: '',
  cardPopMsg: '',
};
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

beforeAll(() => loadPages());

describe('the server renderer', () => {
  it('renders the path routes whose first screen it can know, and a #/ landing only when the query before # names it', () => {
    expect(routeToRender('index.html', 'https://x/allIt?orderId=1')).toBe('/allIt');
    expect(routeToRender('index.html', 'https://x/')).toBe('/');
    // Kept on the phone: the repayment details.
    expect(routeToRender('index.html', 'https://x/repaymentOfCode2')).toBeUndefined();
    // The complaint draft is kept on the phone too, but read once hydrated: the form is the server's.
    expect(routeToRender('index.html', 'https://x/complainPageNext?problemType=2')).toBe('/complainPageNext');
    expect(routeToRender('index.html', 'https://x/no-such-page')).toBeUndefined();
    expect(routeToRender('promo.html', 'https://x/promo.html?templateId=2')).toBe('/downloadTemplate');
    expect(routeToRender('promo.html', 'https://x/promo.html')).toBeUndefined();
    expect(routeToRender('pay.html', 'https://x/pay.html?orderId=1')).toBeUndefined();
  });

  it('declares the first calls of every route it renders', () => {
    const served = MAIN_ROUTES.filter((route) => route.firstScreen !== 'browser').map((route) => route.path);
    expect(served.filter((path) => !(path in FIRST_CALLS))).toEqual([]);
  });

  it('builds the page’s first call exactly as the browser would send it, session included', () => {
    const calls = firstCalls(page(`/allIt?productId=1&orderId=9&${SESSION}`));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url.split('?')[0]).toBe('/h5api/v3/loan-details/loan-details');
    expect(new URLSearchParams(call!.url.split('?')[1]).get('sessionId')).toBe('secret-session-77');
    expect(new URLSearchParams(call!.body).get('orderId')).toBe('9');
    expect(call!.headers.building).toBe('M0001');
  });

  it('renders the first screen from the answers, and never writes the session into the page', () => {
    const href = `/allIt?productId=1&orderId=9&${SESSION}`;
    const [call] = firstCalls(page(href));
    const rendered = renderRoute(page(href), { [call!.key]: { code: 0, message: 'success', data: ORDER } });
    expect(rendered.undeclared).toEqual([]);
    expect(text(rendered.markup)).toContain('Repayment due');
    expect(text(rendered.markup)).toContain('₱5,000.00');
    expect(rendered.markup).not.toContain('secret-session-77');
  });

  it('renders a refusal as the same failure screen the browser shows, with Retry', () => {
    const href = `/allIt?productId=1&orderId=9&${SESSION}`;
    const [call] = firstCalls(page(href));
    const rendered = renderRoute(page(href), { [call!.key]: { code: 403, message: 'This order is not yours.', data: null } });
    expect(text(rendered.markup)).toContain('This order is not yours.');
    expect(rendered.markup).toMatch(/<button[^>]*>[^<]*Retry/);
  });

  it('renders the promotion landing from the template the query before # names', () => {
    const calls = firstCalls(page('/promo.html?templateId=2', 'promo.html'));
    expect(calls.map((call) => new URLSearchParams(call.url.split('?')[1]).get('templateId'))).toEqual(['2']);
  });

  it('tells of a call the render made that its route did not declare', () => {
    // Rendered without its declared answer, the order screen still asks for its order.
    const rendered = renderRoute(page(`/allIt?productId=1&orderId=9&${SESSION}`), {});
    expect(rendered.undeclared).toEqual(['POST /v3/loan-details/loan-details {"productId":"1","orderId":"9"}']);
    expect(text(rendered.markup)).not.toContain('₱');
  });
});
