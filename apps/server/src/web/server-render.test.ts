import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES } from '@cashloan/contract';
import type { ServerAnswer, ServerRenderer } from '@cashloan/contract/server-render';
import { renderFirstScreen } from './server-render.ts';

const TEMPLATE = '<body><div id="root"></div></body>';
const PAGE = { entry: 'index.html' as const, href: 'http://h5.test/allIt?orderId=1', trustedHosts: [], appScheme: '' };

/** A page that makes one call and shows its message. */
const renderer: ServerRenderer = {
  routeToRender: (_entry, href) => new URL(href).pathname,
  PRELOADED_ANSWERS_ID: 'preloaded-answers',
  loadPages: async () => {},
  renderRoute: (_page, answers) =>
    answers.order
      ? { markup: `<main>${answers.order.message}</main>`, calls: [] }
      : { markup: '', calls: [{ key: 'order', method: 'POST', url: '/h5api/v3/loan-details/loan-details', headers: {} }] },
};

const render = (answer: ServerAnswer) =>
  renderFirstScreen(renderer, TEMPLATE, PAGE, async () => answer, (error) => {
    throw error;
  });

describe('renderFirstScreen', () => {
  it('renders the page with its answers embedded, a refusal included', async () => {
    const html = await render({ code: ERROR_CODES.notFound, message: 'This order was not found.', data: null });
    expect(html).toContain('<div id="root"><main>This order was not found.</main></div>');
    expect(html).toContain('<script type="application/json" id="preloaded-answers">{"order":{"code":404');
  });

  it("puts text holding String.replace's patterns, </script> and U+2028 into the page as it is (issue 34)", async () => {
    const text = "[$&] [$`] [$'] [$1] [$$] </script><!-- a\u2028b\u2029c";
    const html = (await render({ code: 0, message: text, data: null }))!;
    expect(html.startsWith('<body><script type="application/json" id="preloaded-answers">')).toBe(true);
    expect(html.endsWith(`<div id="root"><main>${text}</main></div></body>`)).toBe(true);
    const json = /id="preloaded-answers">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ order: { code: 0, message: text, data: null } });
  });

  it('leaves to the browser a page whose call was refused for a missing session or page parameter (the browser may hold it in its storage)', async () => {
    expect(await render({ code: ERROR_CODES.sessionInvalid, message: ERROR_MESSAGES.sessionMissing, data: null })).toBeUndefined();
    expect(await render({ code: String(ERROR_CODES.sessionInvalid), message: ERROR_MESSAGES.sessionMissing, data: null })).toBeUndefined();
    expect(await render({ code: ERROR_CODES.invalidInput, message: 'productId is required', data: null })).toBeUndefined();
    expect(await render({ code: String(ERROR_CODES.invalidInput), message: 'orderId is required', data: null })).toBeUndefined();
    // A session the server was told and refused is the browser's too: that refusal is rendered.
    expect(await render({ code: ERROR_CODES.sessionInvalid, message: ERROR_MESSAGES.sessionInvalid, data: null })).toContain(ERROR_MESSAGES.sessionInvalid);
  });
});
