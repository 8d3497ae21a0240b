import type { CatalogGame, CatalogPlatform } from './catalog.ts';

/**
 * The adapter a game aggregator sits behind (the "NG" platforms of SPEC.md §7). It models the
 * transfer wallet real aggregators offer: the member holds one wallet at the provider, money is
 * moved in and out by transfers that carry OUR transfer id, and the provider answers the same
 * result for the same id however often it is asked (idempotent), so a call whose answer was lost
 * can be repeated or queried safely. See README.md in this module.
 */
export interface GameProvider {
  readonly code: string;
  platforms(): readonly CatalogPlatform[];
  games(): readonly CatalogGame[];
  /** Opens (or finds) the member's account at the provider. */
  createPlayer(memberId: number): Promise<void>;
  /** The member's balance at the provider, in 分. */
  balance(memberId: number): Promise<bigint>;
  transferIn(transferId: string, memberId: number, amount: bigint): Promise<ProviderTransfer>;
  /** `'all'` moves whatever the member holds there (possibly 0). */
  transferOut(transferId: string, memberId: number, amount: bigint | 'all'): Promise<ProviderTransfer>;
  /** What became of a transfer id; null when the provider never saw it. */
  queryTransfer(transferId: string): Promise<ProviderTransfer | null>;
  /** The URL a member opens to play `game` within the session. */
  launchUrl(session: LaunchSession): Promise<string>;
  /**
   * When the member last played at the provider (a round, or whatever the provider counts as
   * activity, such as a game client's heartbeat); null when never. The idle recall empties a game
   * wallet only when this is old enough.
   */
  lastActivity(memberId: number): Promise<Date | null>;
  /** Settled rounds after the cursor, oldest first, at most `limit`. */
  fetchRecords(since: bigint, limit: number): Promise<ProviderRecord[]>;
}

export interface ProviderTransfer {
  transferId: string;
  direction: 'in' | 'out';
  status: 'success' | 'failed';
  /** What moved (for `'all'`, the amount the provider took out). */
  amount: bigint;
  /** The member's balance at the provider right after it. */
  balanceAfter: bigint;
  reason?: string;
}

export interface LaunchSession {
  sessionId: string;
  memberId: number;
  game: CatalogGame;
  expiresAt: Date;
}

export interface ProviderRecord {
  /** The provider's increasing cursor. */
  seq: bigint;
  roundId: string;
  memberId: number;
  gameCode: string;
  bet: bigint;
  payout: bigint;
  playedAt: Date;
  detail: string;
}

/** The provider answered and refused: nothing happened there, and it will say so again. */
export class ProviderRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRejected';
  }
}

/** No answer in time (or the connection broke): the call may or may not have happened. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/** Resolves like `call`, or fails with ProviderUnavailable after `ms` on the clock. */
export async function withTimeout<T>(
  call: Promise<T>,
  ms: number,
  what: string,
  clock: { sleep(ms: number, signal?: AbortSignal): Promise<void> },
): Promise<T> {
  const stop = new AbortController();
  const timeout = clock.sleep(ms, stop.signal).then(() => {
    throw new ProviderUnavailable(`${what} timed out after ${ms} ms`);
  });
  // The losing side of the race must not surface as an unhandled rejection.
  timeout.catch(() => undefined);
  try {
    return await Promise.race([call, timeout]);
  } finally {
    stop.abort();
  }
}
