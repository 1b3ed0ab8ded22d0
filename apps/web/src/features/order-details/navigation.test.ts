import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavigateFunction } from '../../shared/router/router.tsx';
import { destinationOf, goTo } from './navigation.ts';
import { browserNavigation } from '../../shared/bridge/browser-navigation.ts';
import { rememberPageParams } from '../../shared/params/page-params.ts';
import { setPagePolicy } from '../../shared/navigation/test-policy.ts';
import { loadToastView } from '../../shared/ui/toast.ts';

// The toast view loads on the first toast; loaded here, the refusal toast is shown synchronously.
beforeAll(() => loadToastView());

function visit(search: string) {
  window.history.replaceState(null, '', `/allIt${search}`);
  rememberPageParams();
}

beforeEach(() => setPagePolicy({ trustedHosts: ['pay.example', 'partner.example'], appScheme: 'pesonow' }));

afterEach(() => {
  visit('');
  vi.restoreAllMocks();
  delete (window as unknown as { LoanBridge?: unknown }).LoanBridge;
});

describe('where a target leads', () => {
  it('keeps paths of this app in the app, with the carried parameters and extras (the session id stays in storage)', () => {
    visit('?productId=7&orderId=41&sessionId=s1&userId=u1&real=1&unrelated=x');
    expect(destinationOf('/votingCandidates')).toEqual({ kind: 'route', url: '/votingCandidates?productId=7&orderId=41&userId=u1&real=1' });
    expect(destinationOf('/candidateWhile', { source: 'loanDetail' })).toEqual({ kind: 'route', url: '/candidateWhile?productId=7&orderId=41&userId=u1&real=1&source=loanDetail' });
  });

  it('loads allowed http pages in the webview with the session, hands the app’s links to the app and refuses anything else', () => {
    visit('?orderId=41&sessionId=s1');
    expect(destinationOf('https://pay.example/repay?x=1')).toEqual({ kind: 'web', url: 'https://pay.example/repay?x=1&orderId=41&sessionId=s1' });
    expect(destinationOf('pesonow://app/productDetail')).toEqual({ kind: 'app', url: 'pesonow://app/productDetail?orderId=41&sessionId=s1' });
    expect(destinationOf('//evil.example/x')).toEqual({ kind: 'refused' });
    expect(destinationOf('https://evil.example/x')).toEqual({ kind: 'refused' });
    expect(destinationOf('javascript:alert(1)')).toEqual({ kind: 'refused' });
  });
});

describe('going there', () => {
  it('navigates in the app, replaces the page for a redirect, and sends deep links through the bridge', () => {
    visit('?orderId=9');
    const navigate = vi.fn() as unknown as NavigateFunction;
    goTo(navigate, '/allowedAlso');
    expect(navigate).toHaveBeenCalledWith('/allowedAlso?orderId=9', { replace: false });

    const replace = vi.spyOn(browserNavigation, 'replace').mockImplementation(() => undefined);
    goTo(navigate, 'https://partner.example/o', { replace: true });
    expect(replace).toHaveBeenCalledWith('https://partner.example/o?orderId=9');

    const sent: Array<[string, string]> = [];
    (window as unknown as { LoanBridge: Record<string, (json: string) => void> }).LoanBridge = {
      openPage: (json) => sent.push(['openPage', json]),
      openPageReplace: (json) => sent.push(['openPageReplace', json]),
    };
    goTo(navigate, 'pesonow://app/x');
    goTo(navigate, 'pesonow://app/y', { replace: true });
    expect(sent).toEqual([
      ['openPage', JSON.stringify({ url: 'pesonow://app/x?orderId=9' })],
      ['openPageReplace', JSON.stringify({ url: 'pesonow://app/y?orderId=9' })],
    ]);
  });

  it('opens nothing for a refused target and tells the borrower', () => {
    visit('?orderId=9');
    const navigate = vi.fn() as unknown as NavigateFunction;
    const replace = vi.spyOn(browserNavigation, 'replace').mockImplementation(() => undefined);
    expect(goTo(navigate, 'https://h5.example@evil.example/', { replace: true })).toEqual({ kind: 'refused' });
    expect(goTo(navigate, 'data:text/html,x')).toEqual({ kind: 'refused' });
    expect(navigate).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('This link cannot be opened.');
  });
});
