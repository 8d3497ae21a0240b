/** The answer of POST /v1/update-lottery-token as the check needs it. */
export type TokenAnswer = { code: number; token: string | null };

/**
 * The lottery token check (SPEC.md §4): skipped while one runs (the same promise is returned);
 * an existing token is kept; otherwise an update is requested: code 200 with a token stores and
 * returns it, 202 means it is created asynchronously (empty for now), anything else empty.
 */
export function createLotteryTokenCheck(deps: {
  current: () => string | null | undefined;
  requestUpdate: () => Promise<TokenAnswer>;
  store: (token: string) => void;
}): () => Promise<string> {
  let running: Promise<string> | null = null;
  const run = async (): Promise<string> => {
    const existing = deps.current();
    if (existing) return existing;
    try {
      const answer = await deps.requestUpdate();
      if (answer.code === 200 && answer.token) {
        deps.store(answer.token);
        return answer.token;
      }
      return '';
    } catch {
      return '';
    }
  };
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
