/**
 * Answers the server has already put into the page (the prerendered site pages), keyed by the
 * route's path: the page shows them at once instead of making its first call, and the markup the
 * browser hydrates matches what the server rendered.
 */
export const PRELOADED_ANSWERS_ID = 'preloaded-answers';

let answers: Record<string, unknown> | undefined;

function readFromPage(): Record<string, unknown> {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById(PRELOADED_ANSWERS_ID);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function preloadedAnswer(path: string): unknown {
  answers ??= readFromPage();
  return answers[path];
}

/** The prerenderer hands the answers over directly (there is no page to read them from). */
export function setPreloadedAnswers(value: Record<string, unknown>): void {
  answers = value;
}
