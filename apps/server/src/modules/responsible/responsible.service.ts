import {
  EXCLUSION_RETURN_WAIT_HOURS,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_PERIODS,
  formatFen,
  playLimitWindow,
  refusalMessage,
  type ExclusionChoice,
  type PlayLimitKind,
  type PlayLimitPeriod,
} from '@app/shared';
import type {
  exclusionView,
  playLimitView,
  playSessionView,
  Refusal,
  responsiblePlayView,
} from '@app/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { refuse, refuseWith } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { findMemberById, revokeOtherSessions } from '../accounts/index.ts';
import type { Limits } from '../limits/index.ts';
import * as repo from './responsible.repo.ts';
import {
  beijingMinute,
  changeLimit,
  effectiveLimit,
  exclusionOf,
  exclusionRefusalOf,
  governingExclusion,
  isEmptyLimit,
  isInForce,
  limitRefusalOf,
  playAgainAt,
  usedOf,
  type PlayIntentKind,
} from './rules.ts';

export type PlayLimitView = z.infer<typeof playLimitView>;
export type ExclusionView = z.infer<typeof exclusionView>;
export type PlaySessionView = z.infer<typeof playSessionView>;
export type ResponsiblePlayView = z.infer<typeof responsiblePlayView>;

/** What a money path is about to do, checked against the member's time-out and limits. */
export type PlayIntent =
  { kind: 'stake' | 'deposit' | 'transfer_in'; amount: bigint } | { kind: 'promotion' | 'play' | 'agent' };

/** The ledger entries of one thing (an order): usage without them is usage as if it had not happened. */
export interface LedgerReference {
  type: string;
  id: string;
}

/** A member's signed-in session: the reality check counts from its start. */
export interface PlaySessionRef {
  memberId: number;
  sessionId: number;
}

/** Deposit orders opened within this many hours and still waiting count against a deposit limit. */
export const OPEN_DEPOSIT_HOURS = 24;
/** The failure window of the login password (shared with change-password: the same counter). */
const PASSWORD_WINDOW_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** Which limits an intent spends: deposits against deposit limits; stakes against stake and loss limits. */
const LIMITS_OF: Record<'stake' | 'deposit' | 'transfer_in', readonly PlayLimitKind[]> = {
  stake: ['stake', 'loss'],
  transfer_in: ['stake', 'loss'],
  deposit: ['deposit'],
};

const PERIOD_ORDER: Record<PlayLimitPeriod, number> = { day: 0, week: 1, month: 2 };

interface LimitStanding {
  row: repo.PlayLimitRow;
  used: bigint;
  /** What may still be deposited or staked (open deposit orders taken off); never below 0 in a view. */
  remaining: bigint;
  resetsAt: Date;
}

/**
 * 理性投注: the member's own deposit, loss and stake limits (checked by every money path inside
 * its transaction), the reality check of a login session, and time-outs and self-exclusions
 * (which keep the member from every bet, deposit, transfer in and promotion). See README.md.
 */
export class ResponsiblePlayService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly limits: Limits,
    private readonly events: EventBus,
    private readonly clock: Clock,
    /**
     * Deposits the member opened since `since` still waiting for their money (the payments
     * module's, wired by the root: payments sits above this module and asks it before a deposit).
     */
    private readonly openDeposits: (db: Db | Tx, memberId: number, since: Date) => Promise<bigint>,
  ) {}

  // ---- the checks every money path calls -------------------------------------------------------

  /**
   * Refuses what a time-out or self-exclusion forbids (403) and, for stakes, deposits and
   * transfers in, what the member's limits no longer allow (422, naming the limit, what is left
   * and when it resets). Runs inside the money path's transaction: it locks the member's limit
   * rows first, so two requests of one member are checked one after the other and the second
   * counts the first's committed entries. A member without limits pays one indexed read per check.
   */
  async assertMayPlay(work: Work, memberId: number, now: Date, intent: PlayIntent): Promise<void> {
    if (!('amount' in intent)) return this.assertNotExcluded(work.tx, memberId, now, intent.kind);
    const refusal = await this.playRefusal(work.tx, memberId, now, intent, null);
    if (refusal) throw refuseWith(refusal);
  }

  /**
   * The same check once more for a stake already taken but not yet a bet: an in-play order at the
   * end of its bet delay (LiveAcceptanceService). A time-out or self-exclusion begun meanwhile, or
   * a limit it no longer fits (lowered since, say), refuses it: the words of the refusal come back
   * for the caller to refuse and refund the order in its own transaction. Usage is counted as if
   * the order had not been placed (the entries of `placed.reference`, its debit, are taken out),
   * so an order that fitted its limits at submit still fits them when nothing has changed.
   *
   * The member's row is share-locked first (lockMemberAgainstExclusion): a time-out or
   * self-exclusion committed concurrently is either seen, or begins after this decision commits.
   * It is checked at the later of `now` and the clock's time after that lock, so one that began
   * while the decision waited for it counts too.
   */
  async refusalOfPlacedStake(
    work: Work,
    memberId: number,
    now: Date,
    placed: { amount: bigint; reference: LedgerReference },
  ): Promise<string | null> {
    await repo.lockMemberAgainstExclusion(work.tx, memberId);
    const clock = this.clock.now();
    const at = clock > now ? clock : now;
    const refusal = await this.playRefusal(
      work.tx,
      memberId,
      at,
      { kind: 'stake', amount: placed.amount },
      placed.reference,
    );
    return refusal ? refusalMessage(refusal) : null;
  }

  /**
   * The rule of assertMayPlay for an amount: the governing time-out or self-exclusion, else the
   * tightest limit the amount breaks (usage without the entries of `without`), or null.
   */
  private async playRefusal(
    tx: Tx,
    memberId: number,
    now: Date,
    intent: Extract<PlayIntent, { amount: bigint }>,
    without: LedgerReference | null,
  ): Promise<Refusal | null> {
    // Exclusions and the locked limit rows in one statement (the lock is taken even when an
    // exclusion then refuses: the refusal rolls the transaction back, or refuses the order).
    const { exclusions, limits } = await repo.exclusionsAndLockedLimits(tx, memberId);
    const governing = governingExclusion(exclusions, now);
    if (governing) return exclusionRefusalOf(governing, intent.kind, now);
    const rows = await this.applyDueChanges(tx, limits, now);
    return this.refusalOf(tx, memberId, now, rows, intent, without);
  }

  /**
   * The same decision without locks or writes: for a path that must refuse before it calls an
   * outside system (a game transfer tells the provider before its transaction). The path still
   * calls `assertMayPlay` inside its transaction.
   */
  async precheck(memberId: number, now: Date, intent: PlayIntent): Promise<void> {
    await this.assertNotExcluded(this.db, memberId, now, intent.kind);
    if (!('amount' in intent)) return;
    const rows = (await repo.limitsOf(this.db, memberId)).map((r) => effectiveLimit(r, now).row);
    const refusal = await this.refusalOf(this.db, memberId, now, rows, intent);
    if (refusal) throw refuseWith(refusal);
  }

  /** 403 while a time-out or self-exclusion keeps the member from play. */
  async assertNotExcluded(db: Db, memberId: number, now: Date, intent: PlayIntentKind): Promise<void> {
    const governing = governingExclusion(await repo.exclusionsOf(db, memberId), now);
    if (governing) throw refuseWith(exclusionRefusalOf(governing, intent, now));
  }

  /** Why a time-out or self-exclusion refuses this now (for screens that say so before the member tries), or null. */
  async exclusionReason(db: Db, memberId: number, now: Date, intent: PlayIntentKind): Promise<string | null> {
    const governing = governingExclusion(await repo.exclusionsOf(db, memberId), now);
    return governing ? refusalMessage(exclusionRefusalOf(governing, intent, now)) : null;
  }

  /** Whether a time-out or self-exclusion keeps the member from play (bonuses, rebates, rewards skip them). */
  async isExcluded(db: Db, memberId: number, now: Date): Promise<boolean> {
    return (await this.excludedAmong(db, [memberId], now)).has(memberId);
  }

  /** Which of these members a time-out or self-exclusion keeps from play (marketing messages skip them). */
  excludedAmong(db: Db, memberIds: readonly number[], now: Date): Promise<Set<number>> {
    return repo.excludedAmong(db, memberIds, now, EXCLUSION_RETURN_WAIT_HOURS);
  }

  /**
   * After a deposit was credited (the money arrived, so it is credited whatever the limits say):
   * the deposit limit it went past, if any, for the log. No lock (the credit holds the wallet,
   * which the paths that lock limits take after them); further deposits are refused anyway,
   * since nothing of that limit is left.
   */
  async depositOverLimit(tx: Tx, memberId: number, now: Date): Promise<string | null> {
    const rows = (await repo.limitsOf(tx, memberId)).map((r) => effectiveLimit(r, now).row);
    const over = (await this.standings(tx, memberId, now, rows, LIMITS_OF.deposit, false)).find(
      (s) => s.used > (s.row.amount ?? 0n),
    );
    return over
      ? `${over.row.period} ${over.row.kind}: ${formatFen(over.used)} / ${formatFen(over.row.amount!)}`
      : null;
  }

  // ---- the member's own settings ----------------------------------------------------------------

  /** Limits (all nine, set or not, with this period's figures), reality check, exclusion and session. */
  async overview(ref: PlaySessionRef): Promise<ResponsiblePlayView> {
    return inTransaction(this.db, async ({ tx }) => {
      const now = this.clock.now();
      const rows = await this.lockedLimits(tx, ref.memberId, now);
      const session = await this.sessionView(tx, ref, now);
      return {
        limits: await this.limitViews(tx, ref.memberId, now, rows, true),
        reality_check_minutes: session.interval_minutes,
        exclusion: this.exclusionViewOf(await repo.exclusionsOf(tx, ref.memberId), now),
        session,
      };
    });
  }

  /**
   * Sets, lowers, raises or removes one limit. Lowering or a first limit applies at once; a raise
   * or removal is kept pending for the cooling-off (LIMIT_COOLING_OFF_HOURS) and applied when
   * limits are next read or checked after it.
   */
  async setLimit(
    memberId: number,
    input: { kind: PlayLimitKind; period: PlayLimitPeriod; amount: bigint | null },
  ): Promise<PlayLimitView> {
    if (input.amount !== null && input.amount <= 0n) throw refuse('responsible.limit_not_positive');
    return inTransaction(this.db, async ({ tx }) => {
      const now = this.clock.now();
      const rows = await this.lockedLimits(tx, memberId, now);
      const current = rows.find((r) => r.kind === input.kind && r.period === input.period);
      const next = changeLimit(
        current,
        { memberId, kind: input.kind, period: input.period },
        input.amount,
        now,
      );
      if (isEmptyLimit(next)) {
        if (current) await repo.deleteLimit(tx, next);
      } else {
        await repo.saveLimit(tx, next);
      }
      const [view] = await this.limitViews(tx, memberId, now, [next], false);
      return view!;
    });
  }

  /** The reality check's interval (0 = off); the next check is one interval from now. */
  async setRealityCheck(ref: PlaySessionRef, minutes: number): Promise<PlaySessionView> {
    return inTransaction(this.db, async ({ tx }) => {
      const now = this.clock.now();
      await repo.setRealityCheckMinutes(tx, ref.memberId, minutes, now);
      await repo.markRealityChecked(tx, ref.memberId, ref.sessionId, now);
      return this.sessionView(tx, ref, now);
    });
  }

  /** This login session: how long, what was staked and paid since it began, and when the next check is due. */
  session(ref: PlaySessionRef): Promise<PlaySessionView> {
    return this.sessionView(this.db, ref, this.clock.now());
  }

  /** 继续: a due check is answered and the next one counts from now; otherwise nothing changes. */
  async continueSession(ref: PlaySessionRef): Promise<PlaySessionView> {
    const now = this.clock.now();
    const view = await this.sessionView(this.db, ref, now);
    if (view.next_check_at === null || new Date(view.next_check_at) > now) return view;
    await repo.markRealityChecked(this.db, ref.memberId, ref.sessionId, now);
    return this.sessionView(this.db, ref, now);
  }

  /**
   * Starts a time-out or self-exclusion, confirmed by the login password (checked under the same
   * failure limit as a password change). Effective at once; every other session of the member
   * ends. Refused while one in force lasts as long or longer: it can only be extended, never
   * shortened or replaced.
   */
  async startExclusion(
    ref: PlaySessionRef,
    choice: ExclusionChoice,
    password: string,
  ): Promise<ExclusionView> {
    const now = this.clock.now();
    const wanted = exclusionOf(choice, now);
    // Nothing to confirm when it would be refused anyway.
    this.assertMayAdd(await repo.exclusionsOf(this.db, ref.memberId), wanted.endsAt, now);
    const member = await findMemberById(this.db, ref.memberId);
    if (!member) throw refuse('accounts.member_not_found');
    await this.limits.failures.checkSecret(
      {
        rule: {
          key: `secret:password:${member.id}`,
          max: this.config.limits.passwordFailures,
          windowMs: PASSWORD_WINDOW_MS,
        },
        tooMany: 'limits.password_locked',
        wrong: 'accounts.login_password_wrong',
        verify: () => verifyPassword(password, member.passwordHash),
      },
      now,
    );
    const { row, revoked } = await inTransaction(this.db, async ({ tx }) => {
      await repo.lockMemberForExclusion(tx, ref.memberId);
      this.assertMayAdd(await repo.exclusionsOf(tx, ref.memberId), wanted.endsAt, now);
      const inserted = await repo.insertExclusion(tx, {
        memberId: ref.memberId,
        kind: wanted.kind,
        startsAt: now,
        endsAt: wanted.endsAt,
      });
      return { row: inserted, revoked: await revokeOtherSessions(tx, ref.memberId, ref.sessionId, now) };
    });
    if (revoked.length > 0)
      this.events.emit('session.revoked', { memberId: ref.memberId, sessionIds: revoked });
    return this.toExclusionView(row, now);
  }

  /**
   * Asks to end self-exclusions that have run their term; play is possible again
   * EXCLUSION_RETURN_WAIT_HOURS later. Before the term ends it is refused.
   */
  async requestReturn(memberId: number): Promise<ExclusionView> {
    return inTransaction(this.db, async ({ tx }) => {
      const now = this.clock.now();
      await repo.lockMemberForExclusion(tx, memberId);
      const rows = (await repo.exclusionsOf(tx, memberId)).filter((r) => r.kind === 'self_exclusion');
      const running = rows.filter((r) => r.endsAt > now).sort((a, b) => +b.endsAt - +a.endsAt)[0];
      if (running)
        throw refuse('responsible.self_exclusion_running', { until: beijingMinute(running.endsAt) });
      const due = rows.filter((r) => r.returnRequestedAt === null);
      if (due.length === 0) {
        const waiting = rows.find((r) => isInForce(r, now));
        if (waiting)
          throw refuse('responsible.return_requested', { from: beijingMinute(playAgainAt(waiting)!) });
        throw refuse('responsible.nothing_to_return');
      }
      const updated = await repo.requestReturn(
        tx,
        due.map((r) => r.id),
        now,
      );
      const latest = updated.sort((a, b) => +b.endsAt - +a.endsAt)[0];
      if (!latest) throw refuse('responsible.try_again');
      return this.toExclusionView(latest, now);
    });
  }

  // ---- the back office (read only) -------------------------------------------------------------

  /** What the console shows of a member: limits set or pending, the interval, exclusions in force and past. */
  async memberSummary(memberId: number) {
    const now = this.clock.now();
    const [rows, exclusions, minutes] = await Promise.all([
      repo.limitsOf(this.db, memberId),
      repo.exclusionsOf(this.db, memberId),
      repo.realityCheckMinutesOf(this.db, memberId),
    ]);
    // Read only: a due pending change is shown as applied, and written by the member's next read or check.
    const effective = rows.map((r) => effectiveLimit(r, now).row).filter((r) => !isEmptyLimit(r));
    return {
      limits: await this.limitViews(this.db, memberId, now, effective, false),
      reality_check_minutes: minutes ?? 0,
      exclusion: this.exclusionViewOf(exclusions, now),
      exclusions: exclusions.map((r) => this.toExclusionView(r, now)),
    };
  }

  // ---- internals -------------------------------------------------------------------------------

  /** The member's limit rows locked, with due pending changes applied and written (emptied rows deleted). */
  private async lockedLimits(tx: Tx, memberId: number, now: Date): Promise<repo.PlayLimitRow[]> {
    return this.applyDueChanges(tx, await repo.lockLimits(tx, memberId), now);
  }

  /** Locked limit rows with due pending changes applied and written (emptied rows deleted, left out). */
  private async applyDueChanges(
    tx: Tx,
    lockedRows: readonly repo.PlayLimitRow[],
    now: Date,
  ): Promise<repo.PlayLimitRow[]> {
    const rows: repo.PlayLimitRow[] = [];
    for (const locked of lockedRows) {
      const { row, changed } = effectiveLimit(locked, now);
      if (changed && isEmptyLimit(row)) await repo.deleteLimit(tx, row);
      else if (changed) await repo.saveLimit(tx, row);
      if (!isEmptyLimit(row)) rows.push(row);
    }
    return rows;
  }

  /** Each limit of these kinds in force, with what its period has used and left. */
  private async standings(
    db: Db,
    memberId: number,
    now: Date,
    rows: readonly repo.PlayLimitRow[],
    kinds: readonly PlayLimitKind[],
    all: boolean,
    without: LedgerReference | null = null,
  ): Promise<LimitStanding[]> {
    const counted = rows.filter((r) => kinds.includes(r.kind) && (all || r.amount !== null));
    if (counted.length === 0) return [];
    const periods = [...new Set(counted.map((r) => r.period))];
    const windows = periods.map((p) => playLimitWindow(p, now));
    // One query after the other: inside a transaction they share its connection anyway.
    let figures = await repo.figuresOf(db, memberId, windows);
    if (without) {
      const own = await repo.figuresOfReference(db, memberId, without, windows);
      figures = figures.map((f, i) => ({
        deposits: f.deposits - (own[i]?.deposits ?? 0n),
        stakes: f.stakes - (own[i]?.stakes ?? 0n),
        payouts: f.payouts - (own[i]?.payouts ?? 0n),
      }));
    }
    const open = counted.some((r) => r.kind === 'deposit')
      ? await this.openDeposits(db, memberId, new Date(now.getTime() - OPEN_DEPOSIT_HOURS * HOUR_MS))
      : 0n;
    return counted.map((row) => {
      const i = periods.indexOf(row.period);
      const used = usedOf(row.kind, figures[i]!);
      const pending = row.kind === 'deposit' ? open : 0n;
      return {
        row,
        used,
        remaining: row.amount === null ? 0n : row.amount - used - pending,
        resetsAt: windows[i]!.to,
      };
    });
  }

  /** The refusal of an intent by the tightest limit it breaks, or null. */
  private async refusalOf(
    db: Db,
    memberId: number,
    now: Date,
    rows: readonly repo.PlayLimitRow[],
    intent: Extract<PlayIntent, { amount: bigint }>,
    without: LedgerReference | null = null,
  ): Promise<Refusal | null> {
    if (rows.length === 0) return null;
    const broken = (await this.standings(db, memberId, now, rows, LIMITS_OF[intent.kind], false, without))
      .filter((s) => intent.amount > s.remaining || s.remaining <= 0n)
      .sort((a, b) =>
        a.remaining === b.remaining
          ? PERIOD_ORDER[a.row.period] - PERIOD_ORDER[b.row.period]
          : a.remaining < b.remaining
            ? -1
            : 1,
      );
    const first = broken[0];
    return first ? limitRefusalOf(first.row.kind, first.row.period, first.remaining, first.resetsAt) : null;
  }

  /** Views of limits: every kind and period when `every` (unset ones with amount null), else the rows given. */
  private async limitViews(
    db: Db,
    memberId: number,
    now: Date,
    rows: readonly repo.PlayLimitRow[],
    every: boolean,
  ): Promise<PlayLimitView[]> {
    const all: repo.PlayLimitRow[] = every
      ? PLAY_LIMIT_KINDS.flatMap((kind) =>
          PLAY_LIMIT_PERIODS.map(
            (period) =>
              rows.find((r) => r.kind === kind && r.period === period) ?? {
                memberId,
                kind,
                period,
                amount: null,
                pendingAmount: null,
                pendingRemove: false,
                pendingAt: null,
                updatedAt: now,
              },
          ),
        )
      : [...rows];
    const standings = await this.standings(db, memberId, now, all, PLAY_LIMIT_KINDS, true);
    return standings.map(({ row, used, remaining, resetsAt }) => ({
      kind: row.kind,
      period: row.period,
      amount: row.amount === null ? null : formatFen(row.amount),
      used: formatFen(used),
      remaining: row.amount === null ? null : formatFen(remaining > 0n ? remaining : 0n),
      resets_at: resetsAt.toISOString(),
      pending: row.pendingAt
        ? {
            amount: row.pendingAmount === null ? null : formatFen(row.pendingAmount),
            effective_at: row.pendingAt.toISOString(),
          }
        : null,
    }));
  }

  private async sessionView(db: Db, ref: PlaySessionRef, now: Date): Promise<PlaySessionView> {
    const session = await repo.playSessionOf(db, ref.memberId, ref.sessionId);
    if (!session) throw refuse('accounts.session_ended');
    const [figures] = await repo.figuresOf(db, ref.memberId, [
      { from: session.createdAt, to: new Date(now.getTime() + 1) },
    ]);
    const stakes = figures && figures.stakes > 0n ? figures.stakes : 0n;
    const payouts = figures?.payouts ?? 0n;
    const interval = session.realityCheckMinutes;
    const since = Math.max(session.createdAt.getTime(), session.realityCheckedAt?.getTime() ?? 0);
    return {
      started_at: session.createdAt.toISOString(),
      now: now.toISOString(),
      duration_seconds: Math.max(0, Math.floor((now.getTime() - session.createdAt.getTime()) / 1000)),
      stakes: formatFen(stakes),
      payouts: formatFen(payouts),
      net: formatFen(payouts - stakes),
      interval_minutes: interval,
      next_check_at: interval > 0 ? new Date(since + interval * 60_000).toISOString() : null,
    };
  }

  /** Refuses a new time-out or self-exclusion that would not outlast every one in force. */
  private assertMayAdd(rows: readonly repo.PlayExclusionRow[], endsAt: Date, now: Date): void {
    const blocking = rows
      .filter((r) => isInForce(r, now) && r.endsAt >= endsAt)
      .sort((a, b) => +b.endsAt - +a.endsAt)[0];
    if (!blocking) return;
    throw refuse('responsible.exclusion_not_shortenable', {
      kind: blocking.kind,
      until: beijingMinute(blocking.endsAt),
    });
  }

  private exclusionViewOf(rows: readonly repo.PlayExclusionRow[], now: Date): ExclusionView | null {
    const governing = governingExclusion(rows, now);
    return governing ? this.toExclusionView(governing, now) : null;
  }

  private toExclusionView(row: repo.PlayExclusionRow, now: Date): ExclusionView {
    return {
      kind: row.kind,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      return_requested_at: row.returnRequestedAt?.toISOString() ?? null,
      play_again_at: playAgainAt(row)?.toISOString() ?? null,
      can_request_return:
        row.kind === 'self_exclusion' && row.returnRequestedAt === null && row.endsAt <= now,
    };
  }
}
