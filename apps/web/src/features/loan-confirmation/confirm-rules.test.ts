import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberPageParams } from '../../shared/params/page-params.ts';
import { setPagePolicy } from '../../shared/navigation/test-policy.ts';
import { agreementJumpTarget, backAction, canSubmit, frameUrl, lendDetailsDestination, percentFromBp, showsAgreementModal, termText } from './confirm-rules.ts';

const SESSION = 'deviceId=d-1&userId=U1&sessionId=s-1&merchantNumber=M0001&mobilePhone=9170000001';

/** The page opened with the session in its URL: the parameters are kept in sessionStorage. */
function openedWith(url: string) {
  window.history.replaceState(null, '', url);
  rememberPageParams();
}

beforeEach(() => setPagePolicy({ trustedHosts: ['lender.example', 'h5.lender.example'], appScheme: 'pesonow' }));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('canSubmit', () => {
  it('lets Next work only while the box is ticked, or when there is no box, and never while a push runs', () => {
    expect(canSubmit({ agreed: true, hasAgreements: true, pending: false })).toBe(true);
    expect(canSubmit({ agreed: false, hasAgreements: true, pending: false })).toBe(false);
    expect(canSubmit({ agreed: false, hasAgreements: false, pending: false })).toBe(true);
    expect(canSubmit({ agreed: true, hasAgreements: true, pending: true })).toBe(false);
  });
});

describe('the loan-agreement modal', () => {
  it('opens only for a page it may embed, which gets the carried parameters when it is ours (the session from shared storage)', () => {
    openedWith(`/smpSystem?productId=3&${SESSION}`);
    expect(showsAgreementModal('')).toBe(false);
    expect(showsAgreementModal('   ')).toBe(false);
    expect(frameUrl('javascript:alert(1)')).toBeNull();
    expect(frameUrl('//evil.example/x')).toBeNull();
    expect(frameUrl('pesonow://app/agreement')).toBeNull();
    const own = new URL(frameUrl(`${window.location.origin}/toIs?productId=3&position=1&orderId=`)!);
    expect(own.pathname).toBe('/toIs');
    expect(own.searchParams.get('userId')).toBe('U1');
    // Same origin, same sessionStorage: the session id stays out of the frame's address.
    expect(own.searchParams.has('sessionId')).toBe(false);
    // The URL names the order (none yet): a carried orderId is not put in its place.
    expect(own.searchParams.get('orderId')).toBe('');
    expect(frameUrl('https://lender.example/terms')).toBe('https://lender.example/terms');
    expect(frameUrl('https://other.example/terms')).toBeNull();
    expect(frameUrl('/toIs?position=2')).toMatch(/^\/toIs\?position=2&.*userId=U1/);
  });
});

describe('backAction', () => {
  it("asks with 'Point out' on iOS when isPopType is 1, and leaves otherwise", () => {
    expect(backAction(true, 1)).toBe('pointOut');
    expect(backAction(true, 0)).toBe('leave');
    expect(backAction(false, 1)).toBe('leave');
  });
});

describe('after the push', () => {
  it('goes to lendDetailsUrl with the carried parameters and from=confirm', () => {
    openedWith(`/smpSystem?productId=3&real=1&${SESSION}`);
    const next = lendDetailsDestination('/allIt?productId=3&orderId=58');
    if (next.kind !== 'route') throw new Error(`expected a route, got ${next.kind}`);
    const url = new URL(next.url, 'http://h5.test');
    expect(url.pathname).toBe('/allIt');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ productId: '3', orderId: '58', real: '1', userId: 'U1', from: 'confirm' });
    expect(url.searchParams.has('sessionId')).toBe(false);
    expect(lendDetailsDestination('https://h5.lender.example/allIt?orderId=58').kind).toBe('web');
    expect(lendDetailsDestination('pesonow://app/order?orderId=58')).toMatchObject({ kind: 'app' });
    expect(lendDetailsDestination('javascript:alert(1)')).toEqual({ kind: 'refused' });
    expect(lendDetailsDestination('https://evil.example/allIt')).toEqual({ kind: 'refused' });
  });

  it('opens our own agreement page with the carried parameters, another address as written', () => {
    openedWith(`/smpSystem?productId=3&${SESSION}`);
    expect(agreementJumpTarget(`${window.location.origin}/toIs?productId=3&position=2&orderId=`)).toContain('userId=U1');
    expect(agreementJumpTarget(`${window.location.origin}/toIs?productId=3&position=2&orderId=`)).not.toContain('sessionId');
    expect(agreementJumpTarget('https://other.example/a?b=1')).toBe('https://other.example/a?b=1');
    expect(agreementJumpTarget('pesonow://app/agreement?id=2')).toBe('pesonow://app/agreement?id=2');
  });
});

describe('formatting', () => {
  it('shows the term in days and rates from basis points', () => {
    expect(termText(91, 1)).toBe('91 days');
    expect(termText(1, 1)).toBe('1 day');
    expect(percentFromBp(389)).toBe('3.89%');
    expect(percentFromBp(5811)).toBe('58.11%');
    expect(percentFromBp(0)).toBe('0.00%');
  });
});
