/**
 * A route's first screen, declared and answered once. Each feature's api.ts says which calls the
 * first screen of its routes makes (`firstCalls`, from the address's page parameters; the table is
 * app/first-calls.ts). The server makes those calls for the request's session, renders the route
 * once with their answers and embeds the answers in the page (apps/server/src/web/server-render.ts);
 * the browser reads them into a React context (mount.tsx) and useApi shows an answer from it
 * instead of calling, so the markup it hydrates is the markup the server rendered. Each answer is
 * the call's whole envelope (code, message, data): a refusal renders the same failure screen on
 * both sides.
 */
import { createContext, useContext } from 'react';
import type { PayloadOf, Route } from '@cashloan/contract/common';
import type { ServerAnswer } from '@cashloan/contract/server-render';
import type { PageParam } from '../params/page-params.ts';

/** The id of the page's <script type="application/json"> that carries the answers. */
export const FIRST_ANSWERS_ID = 'preloaded-answers';

/** One call a first screen makes: the route and the payload, as useApi sends them. */
export interface FirstCall {
  route: Route;
  payload: Record<string, unknown>;
}

export const firstCall = <R extends Route>(route: R, payload: PayloadOf<R>): FirstCall => ({ route, payload: payload as Record<string, unknown> });

/** What a route declares: the calls its first screen makes, from the address's page parameters. */
export type FirstCalls = (param: PageParam) => FirstCall[];

/** The key of one call: method, path and payload (a page may make one route's call with two payloads). */
export function answerKey(route: Route, payload: Record<string, unknown>): string {
  return `${route.method} ${route.path} ${JSON.stringify(payload)}`;
}

/**
 * One document's first answers by key. An answer stands for its call's first request only: useApi
 * forgets it once shown, so a later visit of the same screen calls the server again. A server
 * render also notes each key asked for (`asked`), so the server can tell a call the route did not
 * declare.
 */
export interface FirstAnswers {
  byKey: Record<string, ServerAnswer>;
  asked?: Set<string>;
}

const NONE: FirstAnswers = { byKey: {} };
const FirstAnswersContext = createContext<FirstAnswers>(NONE);

/** Given at the root of the tree: by mount.tsx in the browser, by the server renderer on the server. */
export const FirstAnswersProvider = FirstAnswersContext.Provider;

export const useFirstAnswers = (): FirstAnswers => useContext(FirstAnswersContext);

/** The answer of this call the document came with, if any. */
export function firstAnswerOf(answers: FirstAnswers, route: Route, payload: Record<string, unknown>): ServerAnswer | undefined {
  const key = answerKey(route, payload);
  answers.asked?.add(key);
  return answers.byKey[key];
}

export function forgetFirstAnswer(answers: FirstAnswers, route: Route, payload: Record<string, unknown>): void {
  delete answers.byKey[answerKey(route, payload)];
}

/** The answers the server embedded in this document (none when it carries none, or they do not parse). */
export function readFirstAnswers(): FirstAnswers {
  const element = document.getElementById(FIRST_ANSWERS_ID);
  try {
    return { byKey: element?.textContent ? (JSON.parse(element.textContent) as Record<string, ServerAnswer>) : {} };
  } catch {
    return { byKey: {} };
  }
}
