import { shanghaiDay } from '@app/shared';
import { lockForTransaction } from '../../db/locks.ts';
import type { Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './dual-control.repo.ts';

/** What moved money an operator may move alone, up to the threshold. */
export type SoloKind =
  'adjustment' | 'deposit_confirm' | 'withdrawal_pay' | 'activity_bonus' | 'sports_correction';

export interface SoloMove {
  operatorId: number;
  memberId: number;
  /** 分, either sign: a debit counts as much as a credit. */
  amount: bigint;
  kind: SoloKind;
  /** The business row, e.g. `manual_adjustment:12`: one record per row and member. */
  reference: string;
}

export interface SoloDecision {
  /** True when the move was within the operator's allowance and has been recorded. */
  alone: boolean;
  threshold: bigint;
  /** 分 the operator had already moved alone for the member today (Asia/Shanghai). */
  movedToday: bigint;
}

/**
 * The approval threshold counted per operator, member and Beijing day (issue 37): an operator
 * moves money for a member alone only while everything they moved alone for that member today,
 * this move included, stays within the threshold; beyond it a second operator must decide.
 * Adjustments, deposit confirmations, withdrawal payments, activity bonuses and resettlements all
 * count against the same allowance. Reads and records under the member's lock, in the caller's
 * transaction, so concurrent moves (ten credits of the threshold sent at once) are counted in turn.
 */
export class SoloAllowance {
  constructor(
    private readonly threshold: (work: Work) => Promise<bigint>,
    private readonly clock: Clock,
  ) {}

  /**
   * Records the moves as done alone when every member's total stays within the threshold, and
   * answers alone; otherwise records nothing and answers not alone (the caller asks a second
   * operator). Moves of 0 need nobody.
   */
  async tryAlone(work: Work, moves: readonly SoloMove[]): Promise<SoloDecision> {
    const decision = await this.allows(work, moves);
    if (decision.alone) await this.record(work, moves);
    return decision;
  }

  /**
   * Whether these moves fit the operator's allowance, recording nothing. The members' locks are
   * held to the end of the transaction, so a `record` in it counts exactly what was checked.
   */
  async allows(work: Work, moves: readonly SoloMove[]): Promise<SoloDecision> {
    const threshold = await this.threshold(work);
    const day = shanghaiDay(this.clock.now());
    const byMember = new Map<number, { operatorId: number; total: bigint }>();
    for (const m of moves) {
      if (m.amount === 0n) continue;
      const was = byMember.get(m.memberId);
      byMember.set(m.memberId, { operatorId: m.operatorId, total: (was?.total ?? 0n) + abs(m.amount) });
    }
    let movedToday = 0n;
    // Members in id order, so two operators' multi-member moves never wait for each other in a cycle.
    for (const memberId of [...byMember.keys()].sort((a, b) => a - b)) {
      const { operatorId, total } = byMember.get(memberId)!;
      await lockForTransaction(work.tx, 'soloMoney', memberId);
      const moved = await repo.soloMovedOn(work.tx, operatorId, memberId, day);
      if (moved > movedToday) movedToday = moved;
      if (moved + total > threshold) return { alone: false, threshold, movedToday: moved };
    }
    return { alone: true, threshold, movedToday };
  }

  /**
   * The operator whose allowance already counts this reference (a move tried again, e.g. a USDT
   * payment whose transaction id the chain refused), or null.
   */
  countedFor(work: Work, reference: string, memberId: number): Promise<number | null> {
    return repo.soloMoveOf(work.tx, reference, memberId);
  }

  /** Records moves done alone (after `allows` said so, in the same transaction). */
  async record(work: Work, moves: readonly SoloMove[]): Promise<void> {
    const now = this.clock.now();
    const day = shanghaiDay(now);
    for (const m of moves) {
      if (m.amount === 0n) continue;
      await repo.insertSoloMove(work.tx, {
        operatorId: m.operatorId,
        memberId: m.memberId,
        day,
        amount: abs(m.amount),
        kind: m.kind,
        reference: m.reference,
        createdAt: now,
      });
    }
  }
}

const abs = (v: bigint) => (v < 0n ? -v : v);
