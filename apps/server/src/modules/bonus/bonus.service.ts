import { BONUS_TYPES, type BonusType, type LedgerType } from '@app/shared';
import type { Work } from '../../db/tx.ts';
import type { EventBus } from '../../lib/events.ts';
import { addRequiredTurnover } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { findBonusLogByReference, insertBonusLog } from './bonus.repo.ts';
import type { BonusLogRow } from './bonus.table.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';

export interface BonusGrant {
  memberId: number;
  type: BonusType;
  /** 分, positive. */
  amount: bigint;
  /** What earned it; the same reference is never paid twice. */
  reference: string;
  title?: string;
  remark?: string;
  /** The ledger entry type; defaults to the one matching the bonus type. */
  ledgerType?: LedgerType;
  /** Turnover (打码量) the bonus requires before withdrawal, as a multiple of it (default 1). */
  turnoverMultiple?: number;
}

const LEDGER_TYPE_OF: Record<BonusType, LedgerType> = {
  activity: 'bonus',
  vip_upgrade: 'vip_bonus',
  invite: 'invite_reward',
  manual: 'bonus',
  trial: 'demo_credit',
  boost: 'prize_boost',
  red_packet: 'red_packet',
};

/**
 * What became of a grant: paid now, paid before (the reference was used), or not paid because a
 * time-out or self-exclusion keeps the member from every bonus (nothing written; each caller
 * decides what that means for its own record).
 */
export type GrantResult =
  { log: BonusLogRow; duplicate: boolean; excluded: false } | { log: null; duplicate: false; excluded: true };

/** Pays bonuses: one ledger credit, one bonus log and the turnover it requires, in the caller's transaction. */
export class BonusService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly responsible: Pick<ResponsiblePlayService, 'isExcluded'>,
  ) {}

  async grant(work: Work, grant: BonusGrant): Promise<GrantResult> {
    if (grant.amount <= 0n) throw new Error('a bonus must be positive');
    const earlier = await findBonusLogByReference(work.tx, grant.reference);
    if (earlier) return { log: earlier, duplicate: true, excluded: false };
    if (await this.responsible.isExcluded(work.tx, grant.memberId, this.clock.now()))
      return { log: null, duplicate: false, excluded: true };

    const title = grant.title ?? BONUS_TYPES[grant.type];
    const entry = await this.ledger.post(work, {
      memberId: grant.memberId,
      amount: grant.amount,
      type: grant.ledgerType ?? LEDGER_TYPE_OF[grant.type],
      reference: { type: 'bonus', id: grant.reference },
      idempotencyKey: `bonus:${grant.reference}`,
      remark: title,
    });
    const multiple = grant.turnoverMultiple ?? 1;
    // 打码量 in whole 分: the multiple applies in hundredths so 1.5× stays exact.
    const turnover = (grant.amount * BigInt(Math.round(multiple * 100))) / 100n;
    const now = this.clock.now();
    const log = await insertBonusLog(work.tx, {
      memberId: grant.memberId,
      type: grant.type,
      amount: grant.amount,
      turnover,
      title,
      remark: grant.remark ?? null,
      reference: grant.reference,
      ledgerEntryId: entry.entryId,
      createdAt: now,
    });
    if (turnover > 0n) {
      await addRequiredTurnover(work.tx, grant.memberId, turnover, now);
      work.afterCommit(() =>
        this.events.emit('member.changed', {
          memberId: grant.memberId,
          changedFields: ['codingvolume'],
          changeType: 'bonus',
          at: now,
        }),
      );
    }
    return { log, duplicate: false, excluded: false };
  }
}
