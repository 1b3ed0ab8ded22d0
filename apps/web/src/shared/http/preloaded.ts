/**
 * Answers the server has already put into the page: a server-rendered route's first calls, made by
 * the server for the session in the address (apps/server/src/web/server-render.ts). The page shows
 * them at once instead of making those calls, and the markup the browser hydrates is the markup the
 * server rendered. Each answer is the call's whole envelope (code, message, data), so a refusal
 * renders the same failure screen on both sides.
 *
 * On the server the same module collects the calls a render wanted and found no answer for, so the
 * server can make them and render again.
 */
import type { Route } from '@cashloan/contract/common';
import type { ServerAnswer } from '@cashloan/contract/server-render';

export const PRELOADED_ANSWERS_ID = 'preloaded-answers';

/** A call a server render asked for: the route and the payload, as useApi would send them. */
export interface WantedCall {
  key: string;
  route: Route;
  payload: Record<string, unknown>;
}

let answers: Record<string, ServerAnswer> | undefined;
let wanted: Map<string, WantedCall> | undefined;

/** The key of one call: method, path and payload (a page may make one route's call with two payloads). */
export function answerKey(route: Route, payload: Record<string, unknown>): string {
  return `${route.method} ${route.path} ${JSON.stringify(payload)}`;
}

function readFromPage(): Record<string, ServerAnswer> {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(PRELOADED_ANSWERS_ID);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Record<string, ServerAnswer>) : {};
  } catch {
    return {};
  }
}

/** The embedded answer of this call, if the page (or the server render) has one. */
export function preloadedAnswer(route: Route, payload: Record<string, unknown>): ServerAnswer | undefined {
  answers ??= readFromPage();
  const key = answerKey(route, payload);
  const answer = answers[key];
  // Only reads are made for a page the server renders; a money or code-issue call waits for the browser.
  if (answer === undefined && !route.idempotent) wanted?.set(key, { key, route, payload });
  return answer;
}

/** The page renders itself without the server's answers (mount.tsx: they were not for this page). */
export function dropPreloadedAnswers(): void {
  answers = {};
}

/**
 * An embedded answer stands for the document's first request only: once a page has shown it, a
 * later visit of the same screen (a client-side navigation back) calls the server again.
 */
export function forgetPreloadedAnswer(route: Route, payload: Record<string, unknown>): void {
  if (answers) delete answers[answerKey(route, payload)];
}

/**
 * The server's side: sets the answers one render may use and starts collecting the calls it wants
 * but finds no answer for. Renders are synchronous, so one render's state never meets another's.
 */
export function beginServerRender(value: Record<string, ServerAnswer>): void {
  answers = value;
  wanted = new Map();
}

/** The calls the render just finished wanted and had no answer for. */
export function endServerRender(): WantedCall[] {
  const calls = [...(wanted?.values() ?? [])];
  answers = undefined;
  wanted = undefined;
  return calls;
}
