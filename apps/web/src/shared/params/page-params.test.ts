import { afterEach, describe, expect, it, vi } from 'vitest';
import { carriedParams, hideSessionId, pageParam, paramsFromSearch, rememberPageParams, sessionParams, withCarriedParams } from './page-params.ts';
import { setPagePolicy } from '../navigation/test-policy.ts';

/** Puts the webview on a URL (path, query and hash), as a navigation would. */
function visit(url: string) {
  window.history.replaceState(null, '', url);
}

afterEach(() => {
  visit('/');
  vi.restoreAllMocks();
});

const session = 'deviceId=d-1&userId=u-1&sessionId=s-1&merchantNumber=m-1&mobilePhone=09171234567';

describe('paramsFromSearch', () => {
  it('keeps only carried parameters, folding product_id into productId', () => {
    expect(paramsFromSearch(`?${session}&product_id=9&orderId=3&real=1&problemId=4&source=`)).toEqual({
      deviceId: 'd-1',
      userId: 'u-1',
      sessionId: 's-1',
      merchantNumber: 'm-1',
      mobilePhone: '09171234567',
      productId: '9',
      orderId: '3',
      real: '1',
    });
  });
});

describe('pageParam', () => {
  it('answers productId and product_id from either spelling', () => {
    visit('/candidateWhile?product_id=12');
    expect(pageParam('productId')).toBe('12');
    expect(pageParam('product_id')).toBe('12');
    visit('/smpSystem?productId=13');
    expect(pageParam('product_id')).toBe('13');
    expect(pageParam('productId')).toBe('13');
  });

  it('prefers the spelling asked for when both are present', () => {
    visit('/smpSystem?productId=1&product_id=2');
    expect(pageParam('productId')).toBe('1');
    expect(pageParam('product_id')).toBe('2');
  });

  it('reads non-carried parameters from the URL only', () => {
    visit('/complainDetails?problemId=77');
    expect(pageParam('problemId')).toBe('77');
    visit('/complaintList');
    expect(pageParam('problemId')).toBeUndefined();
  });

  it('falls back to what an earlier page carried', () => {
    visit(`/allIt?${session}&productId=5&real=1`);
    rememberPageParams();
    visit('/byAs');
    expect(pageParam('real')).toBe('1');
    expect(pageParam('product_id')).toBe('5');
    expect(pageParam('userId')).toBe('u-1');
  });
});

describe('carrying across navigations', () => {
  it('remembers the first page parameters in sessionStorage and merges later ones over them', () => {
    visit(`/smpSystem?${session}&product_id=9`);
    expect(rememberPageParams()).toMatchObject({ userId: 'u-1', productId: '9' });
    expect(JSON.parse(sessionStorage.getItem('carriedPageParams')!)).toMatchObject({ userId: 'u-1', productId: '9' });
    visit('/allIt?orderId=44');
    rememberPageParams();
    visit('/byAs');
    expect(carriedParams()).toMatchObject({ userId: 'u-1', sessionId: 's-1', productId: '9', orderId: '44' });
  });

  it("lets the current URL's values win over remembered ones", () => {
    visit('/allIt?orderId=1');
    rememberPageParams();
    visit('/allIt?orderId=2');
    expect(carriedParams().orderId).toBe('2');
  });

  it('reads the query of a hash app (#/route?x=1) too', () => {
    visit(`/pay.html#/alipayrepayment?orderId=5&${session}`);
    expect(carriedParams()).toMatchObject({ orderId: '5', userId: 'u-1' });
  });

  it('still works when sessionStorage refuses writes or holds junk', () => {
    sessionStorage.setItem('carriedPageParams', '{not json');
    visit('/allIt?orderId=8');
    expect(carriedParams()).toEqual({ orderId: '8' });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(rememberPageParams()).toEqual({ orderId: '8' });
  });

  it('sessionParams gives the session parameters only', () => {
    visit(`/allIt?${session}&orderId=3&real=1`);
    expect(sessionParams()).toEqual({ deviceId: 'd-1', userId: 'u-1', sessionId: 's-1', merchantNumber: 'm-1', mobilePhone: '09171234567' });
    visit('/allIt?userId=u-2');
    expect(sessionParams()).toEqual({ userId: 'u-2' });
  });
});

describe('withCarriedParams', () => {
  function carry(search: string) {
    visit(`/start${search}`);
    rememberPageParams();
    visit('/elsewhere');
  }

  it('adds the carried parameters to a later page of this site, but not the session id, which it finds in storage', () => {
    carry('?userId=u-1&sessionId=s-1&product_id=9&real=1');
    const url = new URL(withCarriedParams('/smpSystem'), 'http://h5.test');
    expect(url.pathname).toBe('/smpSystem');
    expect(Object.fromEntries(url.searchParams)).toEqual({ userId: 'u-1', productId: '9', real: '1' });
    expect(new URL(withCarriedParams(`${window.location.origin}/pay.html#/borrowDetail`)).hash).toBe('#/borrowDetail?userId=u-1&productId=9&real=1');
  });

  it('lets extra parameters win and skips undefined ones', () => {
    carry('?orderId=3&source=home');
    expect(withCarriedParams('/anFrom', { source: 'loanDetail', orderId: undefined, from: 'confirm' })).toBe(
      '/anFrom?orderId=3&source=loanDetail&from=confirm',
    );
  });

  it('keeps a value the target already names', () => {
    carry('?orderId=3&userId=u-1');
    expect(withCarriedParams('/allIt?orderId=7')).toBe('/allIt?orderId=7&userId=u-1');
    carry('?productId=9');
    expect(withCarriedParams('/candidateWhile?product_id=4')).toBe('/candidateWhile?product_id=4&orderId=3&userId=u-1');
  });

  it('works on absolute URLs and keeps a plain anchor last', () => {
    setPagePolicy({ trustedHosts: ['pay.example'] });
    carry('?userId=u-1');
    expect(withCarriedParams('https://pay.example/checkout?id=1')).toBe('https://pay.example/checkout?id=1&userId=u-1');
    expect(withCarriedParams('/maySimilar#cookies')).toBe('/maySimilar?userId=u-1#cookies');
  });

  it('puts them in the query of a hash route, where its router reads them', () => {
    carry('?userId=u-1&orderId=3');
    expect(withCarriedParams('/pay.html#/borrowDetail?x=1')).toBe('/pay.html#/borrowDetail?x=1&userId=u-1&orderId=3');
    expect(withCarriedParams('/promo.html?orderId=9#/downloadTemplate', { from: 'sms' })).toBe(
      '/promo.html?orderId=9#/downloadTemplate?userId=u-1&from=sms',
    );
  });

  it('keeps every part of a URL with several ? or # characters', () => {
    carry('?userId=u-1');
    expect(withCarriedParams('/pay.html#/borrowDetail?next=/a?b#c')).toBe('/pay.html#/borrowDetail?next=%2Fa%3Fb%23c&userId=u-1');
  });

  it('returns the target unchanged when nothing is carried', () => {
    expect(withCarriedParams('/beSeats')).toBe('/beSeats');
  });
});

describe('where the session parameters go', () => {
  const all = { deviceId: 'd-1', userId: 'u-1', sessionId: 's-1', merchantNumber: 'm-1', mobilePhone: '09171234567' };
  const sessionIn = (url: string) => Object.fromEntries([...new URL(url, window.location.href).searchParams].filter(([key]) => key in all));
  const hashQuery = (url: string) => new URLSearchParams(url.slice(url.indexOf('?', url.indexOf('#'))));

  function opened(url: string) {
    visit(url);
    rememberPageParams();
    hideSessionId();
  }

  it('to another allow-listed origin (a lender page) and to the app’s deep links: all of them', () => {
    setPagePolicy({ trustedHosts: ['lender.example'], appScheme: 'pesonow' });
    opened(`/allIt?${session}&orderId=3`);
    expect(sessionIn(withCarriedParams('https://lender.example/repay'))).toEqual(all);
    expect(sessionIn(withCarriedParams('pesonow://app/productDetail?productId=2'))).toEqual(all);
  });

  it('to this site’s pages: all but sessionId, which the next page reads from the shared sessionStorage', () => {
    setPagePolicy({ trustedHosts: ['lender.example'] });
    opened(`/allIt?${session}&orderId=3`);
    const { sessionId: _dropped, ...rest } = all;
    expect(sessionIn(withCarriedParams('/byAs'))).toEqual(rest);
    expect(sessionIn(withCarriedParams(`${window.location.origin}/byAs`))).toEqual(rest);
    expect(Object.fromEntries(hashQuery(withCarriedParams('/pay.html#/borrowDetail')))).toEqual({ ...rest, orderId: '3' });
    // The next page, loaded with that URL, still has the session for its calls.
    visit(withCarriedParams('/byAs'));
    expect(sessionParams()).toEqual(all);
  });

  it('to this site’s pages with the session id too when sessionStorage cannot keep it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    opened(`/allIt?${session}`);
    expect(new URL(window.location.href).searchParams.get('sessionId')).toBe('s-1');
    expect(sessionIn(withCarriedParams('/byAs'))).toEqual(all);
  });

  it('never over cleartext http to another origin, allow-listed or this site’s own host on another port or scheme', () => {
    const own = new URL(window.location.href);
    setPagePolicy({ trustedHosts: ['lender.example', `${own.hostname}:${Number(own.port || 80) + 1}`, '*.lender.example'] });
    opened(`/allIt?${session}&orderId=3`);
    expect(own.protocol).toBe('http:');
    for (const target of ['http://lender.example/repay', 'http://pay.lender.example/x', `http://${own.hostname}:${Number(own.port || 80) + 1}/byAs`]) {
      expect(sessionIn(withCarriedParams(target)), target).toEqual({});
      expect(new URL(withCarriedParams(target)).searchParams.get('orderId'), target).toBe('3');
    }
    // The same hosts over https get them; this http page's own origin (local development) as before.
    expect(sessionIn(withCarriedParams('https://lender.example/repay'))).toEqual(all);
    expect(Object.keys(sessionIn(withCarriedParams(`${own.origin}/byAs`)))).toEqual(['deviceId', 'userId', 'merchantNumber', 'mobilePhone']);
  });

  it('to no other origin, scheme or refused target, while the order parameters still go', () => {
    setPagePolicy({ trustedHosts: ['lender.example'], appScheme: 'pesonow' });
    opened(`/allIt?${session}&orderId=3`);
    for (const target of ['https://evil.example/x', 'https://lender.example.evil.example/', 'otherapp://x', '//evil.example/x', 'https://lender.example@evil.example/']) {
      expect(sessionIn(withCarriedParams(target)), target).toEqual({});
    }
    expect(new URL(withCarriedParams('https://evil.example/x')).searchParams.get('orderId')).toBe('3');
  });
});

describe('hideSessionId', () => {
  it('takes sessionId out of the address bar once stored, keeping the path, the other parameters and the hash', () => {
    visit(`/allIt?orderId=3&${session}&note=a%20b+c#top`);
    rememberPageParams();
    hideSessionId();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/allIt?orderId=3&deviceId=d-1&userId=u-1&merchantNumber=m-1&mobilePhone=09171234567&note=a%20b+c#top',
    );
    expect(sessionParams().sessionId).toBe('s-1');
  });

  it('does it in the query after the hash of a #/ app, and in the query before it', () => {
    visit(`/pay.html?sessionId=s-1#/alipayrepayment?orderId=5&sessionId=s-1&x=1`);
    rememberPageParams();
    hideSessionId();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/pay.html#/alipayrepayment?orderId=5&x=1');
    expect(sessionParams().sessionId).toBe('s-1');
  });

  it('leaves the address alone while storage does not hold the session', () => {
    visit(`/allIt?sessionId=s-9`);
    hideSessionId();
    expect(window.location.search).toBe('?sessionId=s-9');
  });
});
