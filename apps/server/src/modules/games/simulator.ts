import { randomBytes } from 'node:crypto';
import { formatFen } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  DT_CHOICE_NAMES,
  FISH_KINDS,
  playDragonTiger,
  shootFish,
  type DragonTigerChoice,
  type FishCode,
} from './demo/engines.ts';
import { spin } from './demo/slot-math.ts';
import { symbolName } from './demo/themes.ts';
import { DEMO_GAMES, DEMO_PLATFORMS, findGame, type CatalogGame } from './provider/catalog.ts';
import {
  ProviderRejected,
  type GameProvider,
  type LaunchSession,
  type ProviderRecord,
  type ProviderTransfer,
} from './provider/provider.ts';
import * as repo from './simulator.repo.ts';

export type SimulatedCall = 'transferIn' | 'transferOut' | 'queryTransfer' | 'balance' | 'lastActivity';
/**
 * reject: answers with a refusal (a transfer id is then decided as failed for good).
 * lose-request: the request never arrives until `deliverLate()`; the caller hears nothing.
 * lose-answer: the request is carried out but the caller hears nothing (until `deliverLate()`).
 */
export type SimulatedFault = 'reject' | 'lose-request' | 'lose-answer';

/** A round as the game page sees it. */
export interface PlayResult {
  round_id: string;
  bet: string;
  payout: string;
  balance: string;
  result: unknown;
}

export type PlayInput =
  | { engine: 'slot'; bet: bigint }
  | { engine: 'dragon_tiger'; bet: bigint; choice: DragonTigerChoice }
  | { engine: 'fishing'; bet: bigint; fish: FishCode };

/**
 * The built-in demo aggregator ("NG"): an outside system played by our own process. It keeps its
 * books in `game_sim_*`, answers transfers idempotently by the caller's id, serves the demo games
 * (through demo.routes.ts) and can be told to refuse, lose a request or lose an answer, so the
 * failure paths of our side are testable.
 */
export class DemoGameProvider implements GameProvider {
  readonly code = 'ng';
  private readonly faults: Array<{ call: SimulatedCall; fault: SimulatedFault }> = [];
  private readonly late: Array<() => Promise<void>> = [];
  /** Work of calls whose answer is being lost, still running. */
  private readonly losing = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  platforms() {
    return DEMO_PLATFORMS;
  }

  games() {
    return DEMO_GAMES;
  }

  // ---- fault switch (tests) --------------------------------------------------------------------

  /** The next `times` calls of `call` misbehave as `fault`. */
  failNext(call: SimulatedCall, fault: SimulatedFault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push({ call, fault });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Resolves once the provider's side of every lost answer is done (the caller still hears nothing). */
  async idle(): Promise<void> {
    while (this.losing.size > 0) await Promise.allSettled([...this.losing]);
  }

  /** Delivers the requests (and carries out the work) that were held back by lose-request. */
  async deliverLate(): Promise<void> {
    for (const run of this.late.splice(0)) await run();
  }

  private takeFault(call: SimulatedCall): SimulatedFault | undefined {
    const index = this.faults.findIndex((f) => f.call === call);
    if (index < 0) return undefined;
    return this.faults.splice(index, 1)[0]?.fault;
  }

  /** Runs `work` under the fault switch: the caller may get an answer, a refusal, or silence. */
  private async call<T>(
    call: SimulatedCall,
    work: () => Promise<T>,
    onReject?: () => Promise<T | undefined>,
  ): Promise<T> {
    const fault = this.takeFault(call);
    if (fault === 'reject') {
      // An id decided before (by a concurrent copy of the call) keeps its answer: same id, same answer.
      const decided = await onReject?.();
      if (decided !== undefined) return decided;
      throw new ProviderRejected('游戏平台维护中');
    }
    if (fault === 'lose-request') {
      this.late.push(async () => {
        await work().catch(() => undefined);
      });
      return new Promise<T>(() => undefined);
    }
    if (fault === 'lose-answer') {
      const done = work();
      this.losing.add(done);
      try {
        await done;
      } finally {
        this.losing.delete(done);
      }
      return new Promise<T>(() => undefined);
    }
    return work();
  }

  // ---- GameProvider ----------------------------------------------------------------------------

  async createPlayer(memberId: number): Promise<void> {
    await repo.ensurePlayer(this.db, memberId);
  }

  balance(memberId: number): Promise<bigint> {
    return this.call('balance', async () => {
      return (await repo.findPlayer(this.db, memberId))?.balance ?? 0n;
    });
  }

  transferIn(transferId: string, memberId: number, amount: bigint): Promise<ProviderTransfer> {
    return this.call(
      'transferIn',
      () => this.applyTransfer(transferId, memberId, 'in', amount),
      () => this.recordRefusal(transferId, memberId, 'in', amount),
    );
  }

  transferOut(transferId: string, memberId: number, amount: bigint | 'all'): Promise<ProviderTransfer> {
    return this.call(
      'transferOut',
      () => this.applyTransfer(transferId, memberId, 'out', amount),
      () => this.recordRefusal(transferId, memberId, 'out', amount === 'all' ? 0n : amount),
    );
  }

  queryTransfer(transferId: string): Promise<ProviderTransfer | null> {
    return this.call('queryTransfer', async () => {
      const row = await repo.findSimTransfer(this.db, transferId);
      return row ? toTransfer(row) : null;
    });
  }

  async launchUrl(session: LaunchSession): Promise<string> {
    await this.createPlayer(session.memberId);
    await repo.insertSimSession(this.db, {
      sessionId: session.sessionId,
      memberId: session.memberId,
      gameCode: session.game.code,
      expiresAt: session.expiresAt,
    });
    return `/games/demo/play?session=${encodeURIComponent(session.sessionId)}`;
  }

  /** The member's last round: every round played through the play API is recorded with its time. */
  lastActivity(memberId: number): Promise<Date | null> {
    return this.call('lastActivity', () => repo.lastRoundAt(this.db, memberId));
  }

  async fetchRecords(since: bigint, limit: number): Promise<ProviderRecord[]> {
    const rows = await repo.roundsAfter(this.db, since, limit);
    return rows.map((r) => ({
      seq: r.seq,
      roundId: r.roundId,
      memberId: r.memberId,
      gameCode: r.gameCode,
      bet: r.bet,
      payout: r.payout,
      playedAt: r.playedAt,
      detail: r.detail,
    }));
  }

  // ---- the provider's side of the games --------------------------------------------------------

  /** The session and game behind a game page, or why it cannot be played. */
  async openSession(
    sessionId: string,
    now = this.clock.now(),
  ): Promise<{ game: CatalogGame; memberId: number; balance: bigint }> {
    const session = await repo.findSimSession(this.db, sessionId);
    const game = session ? findGame(session.gameCode) : undefined;
    if (!session || !game) throw new ProviderRejected('游戏会话不存在，请重新进入游戏');
    if (session.expiresAt <= now) throw new ProviderRejected('游戏会话已过期，请返回重新进入游戏');
    const player = await repo.findPlayer(this.db, session.memberId);
    return { game, memberId: session.memberId, balance: player?.balance ?? 0n };
  }

  /** The game of a live session (what a round's request is checked against), or why it cannot be played. */
  async sessionGame(sessionId: string, now = this.clock.now()): Promise<CatalogGame> {
    const session = await repo.findSimSession(this.db, sessionId);
    const game = session ? findGame(session.gameCode) : undefined;
    if (!session || !game) throw new ProviderRejected('游戏会话不存在，请重新进入游戏');
    if (session.expiresAt <= now) throw new ProviderRejected('游戏会话已过期，请返回重新进入游戏');
    return game;
  }

  /**
   * One round: the session must be live (each round keeps it alive 5 more minutes), the stake
   * comes out of the member's balance here, the outcome from node:crypto, the round is recorded.
   */
  async play(
    sessionId: string,
    input: PlayInput,
    sessionTtlMs: number,
    now = this.clock.now(),
  ): Promise<PlayResult> {
    return inTransaction(this.db, async ({ tx }) => {
      // The session and the player's row locked together (step by step for a player without a row).
      const locked =
        (await repo.lockSessionAndPlayer(tx, sessionId)) ??
        (await (async () => {
          const session = await repo.findSimSession(tx, sessionId, true);
          return session && { session, balance: (await repo.lockPlayer(tx, session.memberId)).balance };
        })());
      const session = locked?.session;
      const game = session ? findGame(session.gameCode) : undefined;
      if (!locked || !session || !game) throw new ProviderRejected('游戏会话不存在，请重新进入游戏');
      if (session.expiresAt <= now) throw new ProviderRejected('游戏会话已过期，请返回重新进入游戏');
      if (game.engine !== input.engine) throw new ProviderRejected('该游戏不支持此操作');
      if (locked.balance < input.bet) throw new ProviderRejected('游戏余额不足，请先转入');

      const outcome = decide(game, input);
      const balance = locked.balance - input.bet + outcome.payout;
      const roundId = `${game.platform}_${now.getTime()}_${randomBytes(5).toString('hex')}`;
      // The balance, the session's new expiry and the round in one statement.
      await repo.recordRound(tx, {
        balance,
        expiresAt: new Date(now.getTime() + sessionTtlMs),
        round: {
          roundId,
          sessionId,
          memberId: session.memberId,
          gameCode: game.code,
          bet: input.bet,
          payout: outcome.payout,
          result: outcome.result,
          detail: outcome.detail,
          playedAt: now,
        },
      });
      return {
        round_id: roundId,
        bet: formatFen(input.bet),
        payout: formatFen(outcome.payout),
        balance: formatFen(balance),
        result: outcome.result,
      };
    });
  }

  // ---- books -----------------------------------------------------------------------------------

  private async applyTransfer(
    transferId: string,
    memberId: number,
    direction: 'in' | 'out',
    requested: bigint | 'all',
  ): Promise<ProviderTransfer> {
    // Usually one statement; a new player or an id decided before take the path below.
    const decided =
      (await repo.decideTransferAtOnce(
        this.db,
        transferId,
        memberId,
        direction,
        requested === 'all' ? null : requested,
      )) ?? (await this.applyTransferSlowly(transferId, memberId, direction, requested));
    if (decided.memberId !== memberId || decided.direction !== direction)
      throw new ProviderRejected('转账单号重复');
    return toTransfer(decided);
  }

  /** `applyTransfer` step by step in a transaction: creates the player, finds an earlier answer. */
  private async applyTransferSlowly(
    transferId: string,
    memberId: number,
    direction: 'in' | 'out',
    requested: bigint | 'all',
  ): Promise<repo.SimTransferRow> {
    return inTransaction(this.db, async ({ tx }) => {
      // The player's row (created if new) is locked first; then the id's earlier answer, if any.
      const player = await repo.lockPlayerAndTransfer(tx, memberId, transferId);
      // Same id, same answer: decided transfers are never carried out again.
      if (player.earlier) return player.earlier;
      let amount = requested === 'all' ? player.balance : requested;
      let status: 'success' | 'failed' = 'success';
      let reason: string | null = null;
      if (direction === 'out' && amount > player.balance) {
        status = 'failed';
        reason = '游戏余额不足';
        amount = requested === 'all' ? 0n : amount;
      }
      const balanceAfter =
        status === 'failed' ? player.balance : player.balance + (direction === 'in' ? amount : -amount);
      const row = await repo.decideSimTransfer(tx, {
        transferId,
        memberId,
        direction,
        amount,
        status,
        balanceAfter,
        reason,
      });
      if (row) return row;
      // Decided by a refusal recorded without the player's lock (recordRefusal takes it too, so
      // this is only a guard): the earlier answer stands.
      const earlier = await repo.findSimTransfer(tx, transferId);
      if (!earlier) throw new Error(`provider transfer ${transferId} neither recorded nor found`);
      return earlier;
    });
  }

  /** A refusal decides the id: a late copy of the same request is refused too. */
  private async recordRefusal(
    transferId: string,
    memberId: number,
    direction: 'in' | 'out',
    amount: bigint,
  ): Promise<ProviderTransfer | undefined> {
    await this.createPlayer(memberId);
    const earlier = await inTransaction(this.db, async ({ tx }) => {
      const player = await repo.lockPlayer(tx, memberId);
      const recorded = await repo.insertSimTransfer(
        tx,
        {
          transferId,
          memberId,
          direction,
          amount,
          status: 'failed',
          balanceAfter: player.balance,
          reason: '游戏平台维护中',
        },
        true,
      );
      return recorded ? undefined : repo.findSimTransfer(tx, transferId);
    });
    // Refused now, unless the id had been decided already for this member and direction.
    return earlier && earlier.memberId === memberId && earlier.direction === direction
      ? toTransfer(earlier)
      : undefined;
  }
}

function toTransfer(row: repo.SimTransferRow): ProviderTransfer {
  return {
    transferId: row.transferId,
    direction: row.direction,
    status: row.status,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    ...(row.reason ? { reason: row.reason } : {}),
  };
}

function decide(game: CatalogGame, input: PlayInput): { payout: bigint; result: unknown; detail: string } {
  switch (input.engine) {
    case 'slot': {
      const s = spin(input.bet);
      const middle = s.grid[1]!.map((sym) => symbolName(game.theme, sym)).join(' ');
      return {
        payout: s.payout,
        result: { stops: s.stops, grid: s.grid, wins: s.wins },
        detail: s.wins.length ? `中线 ${s.wins.length} 条，中间行 ${middle}` : `未中奖，中间行 ${middle}`,
      };
    }
    case 'dragon_tiger': {
      const r = playDragonTiger(input.choice, input.bet);
      return {
        payout: r.payout,
        result: { choice: input.choice, dragon: r.dragon, tiger: r.tiger, winner: r.winner },
        detail: `押${DT_CHOICE_NAMES[input.choice]}，龙${r.dragon} 虎${r.tiger}，${DT_CHOICE_NAMES[r.winner]}赢`,
      };
    }
    case 'fishing': {
      const shot = shootFish(input.fish, input.bet);
      const name = FISH_KINDS.find((f) => f.code === input.fish)?.name ?? input.fish;
      return {
        payout: shot.payout,
        result: { fish: shot.fish, multiple: shot.multiple, caught: shot.caught },
        detail: shot.caught ? `捕获${name}（${shot.multiple}倍）` : `射击${name}未捕获`,
      };
    }
  }
}
