import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES } from '@cashloan/contract';
import type { ServerAnswer, ServerRenderer } from '@cashloan/contract/server-render';
import { aroundRoot, renderFirstScreen } from './server-render.ts';

const TEMPLATE = aroundRoot('<body><div id="root"></div></body>');
/** The page as html-pages.ts puts it together: the template's sides with the screen between. */
const pageOf = (screen: Buffer | undefined) => screen && Buffer.concat([TEMPLATE.before, screen, TEMPLATE.after]).toString();
const PAGE = { entry: 'index.html' as const, href: 'http://h5.test/allIt?orderId=1', trustedHosts: [], appScheme: '', lang: 'en' as const, texts: { routes: [], texts: {} } };

/** A page that declares one call and shows its message; it also asks for 'extra' when told to. */
const renderer = (alsoAsks: string[] = []): ServerRenderer => ({
  routeToRender: (_entry, href) => new URL(href).pathname,
  PRELOADED_ANSWERS_ID: 'preloaded-answers',
  loadPages: async () => {},
  firstCalls: () => [{ key: 'order', method: 'POST', url: '/h5api/v3/loan-details/loan-details', headers: {} }],
  renderRoute: (_page, answers) => ({ markup: `<main>${answers.order!.message}</main>`, undeclared: alsoAsks }),
});

const failOnLog = {
  failed: (error: unknown) => {
    throw error;
  },
  undeclared: (keys: string[]) => {
    throw new Error(`undeclared: ${keys.join()}`);
  },
};
const render = async (answer: ServerAnswer) => pageOf(await renderFirstScreen(renderer(), PAGE, async () => answer, failOnLog));

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

  it('renders once with the declared answers, and tells of a call the route did not declare', async () => {
    const made: string[] = [];
    const undeclared: string[][] = [];
    const html = pageOf(
      await renderFirstScreen(
        renderer(['GET /extra {}']),
        PAGE,
        async (call) => {
          made.push(call.key);
          return { code: 0, message: 'shown', data: null };
        },
        { failed: failOnLog.failed, undeclared: (keys) => undeclared.push(keys) },
      ),
    );
    expect(made).toEqual(['order']);
    expect(html).toContain('<main>shown</main>');
    expect(undeclared).toEqual([['GET /extra {}']]);
  });
});
