import { afterEach, describe, expect, it, vi } from 'vitest';
import { carriedParams, pageParam, paramsFromSearch, rememberPageParams, sessionParams, withCarriedParams } from './page-params.ts';

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

  it('adds the carried parameters to a later page', () => {
    carry('?userId=u-1&sessionId=s-1&product_id=9&real=1');
    const url = new URL(withCarriedParams('/smpSystem'), 'http://h5.test');
    expect(url.pathname).toBe('/smpSystem');
    expect(Object.fromEntries(url.searchParams)).toEqual({ userId: 'u-1', sessionId: 's-1', productId: '9', real: '1' });
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
