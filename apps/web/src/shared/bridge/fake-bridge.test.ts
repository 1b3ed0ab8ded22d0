import { afterEach, describe, expect, it } from 'vitest';
import { closeWebview, endBank, openJumpUrl, trackEvent } from './bridge.ts';
import { fakeBridgeScript, installFakeBridge, type BridgeCall } from './fake-bridge.ts';
import { setPagePolicy } from '../navigation/test-policy.ts';
import { BRIDGE_MESSAGE_NAMES } from './messages.ts';

type Host = { LoanBridge?: Record<string, unknown>; webkit?: { messageHandlers: Record<string, unknown> }; __bridgeCalls?: BridgeCall[] };
const host = () => window as unknown as Host;

afterEach(() => {
  delete host().LoanBridge;
  delete host().webkit;
  delete host().__bridgeCalls;
});

describe('installFakeBridge', () => {
  it('defines exactly the messages of messages.ts', () => {
    installFakeBridge();
    expect(Object.keys(host().LoanBridge!).sort()).toEqual([...BRIDGE_MESSAGE_NAMES].sort());
    delete host().LoanBridge;
    installFakeBridge('ios');
    expect(Object.keys(host().webkit!.messageHandlers).sort()).toEqual([...BRIDGE_MESSAGE_NAMES].sort());
  });

  it('records what the page sends through the Android object', () => {
    installFakeBridge();
    trackEvent({ event: 'loan_push', data: { productId: '3' } });
    endBank({ success: true });
    closeWebview();
    expect(host().__bridgeCalls).toEqual([
      { name: 'trackEvent', payload: { event: 'loan_push', data: { productId: '3' } } },
      { name: 'endBank', payload: { success: true } },
      { name: 'closeWebview', payload: {} },
    ]);
  });

  it('records what the page sends through iOS handlers', () => {
    installFakeBridge('ios');
    setPagePolicy({ appScheme: 'cashloan' });
    openJumpUrl('cashloan://home');
    expect(host().__bridgeCalls).toEqual([{ name: 'openPage', payload: { url: 'cashloan://home' } }]);
  });

  it('works from its script text alone, as Playwright runs it', () => {
    const script = fakeBridgeScript('ios');
    expect(script).not.toMatch(/\bimport\b|require\(/);
    // Run the text with nothing in scope but the window, like an init script.
    new Function(script)();
    expect(Object.keys(host().webkit!.messageHandlers)).toHaveLength(BRIDGE_MESSAGE_NAMES.length);
    closeWebview();
    expect(host().__bridgeCalls).toEqual([{ name: 'closeWebview', payload: {} }]);
  });

  it('keeps the record across a navigation (a fresh document re-runs the init script)', () => {
    installFakeBridge();
    endBank({ success: true });
    // A new document: the window's globals are gone, sessionStorage stays.
    delete host().__bridgeCalls;
    delete host().LoanBridge;
    installFakeBridge();
    closeWebview();
    expect(host().__bridgeCalls).toEqual([
      { name: 'endBank', payload: { success: true } },
      { name: 'closeWebview', payload: {} },
    ]);
    expect(JSON.parse(sessionStorage.getItem('__bridgeCalls')!)).toEqual(host().__bridgeCalls);
  });

  it('keeps calls recorded before a second install', () => {
    installFakeBridge();
    closeWebview();
    installFakeBridge();
    closeWebview();
    expect(host().__bridgeCalls).toHaveLength(2);
  });
});
