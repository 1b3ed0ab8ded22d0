/**
 * A pure function's answers kept by their argument (issue 42): for the texts every screen writes
 * again and again (an amount, a day). At most `limit` are kept; past it all are dropped at once.
 */
export function keptAnswers<K, V>(compute: (key: K) => V, limit = 20_000): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let answer = kept.get(key);
    if (answer === undefined) {
      answer = compute(key);
      if (kept.size >= limit) kept.clear();
      kept.set(key, answer);
    }
    return answer;
  };
}
