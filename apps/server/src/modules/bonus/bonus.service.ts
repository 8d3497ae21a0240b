import { eq, sql } from 'drizzle-orm';
import { BONUS_TYPES, type BonusType, type LedgerType } from '@app/shared';
import type { Work } from '../../db/tx.ts';
import type { EventBus } from '../../lib/events.ts';
import { members } from '../accounts/accounts.table.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { bonusLogs, type BonusLogRow } from './bonus.table.ts';

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
};

/** Pays bonuses: one ledger credit, one bonus log and the turnover it requires, in the caller's transaction. */
export class BonusService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly events: EventBus,
  ) {}

  async grant(work: Work, grant: BonusGrant): Promise<{ log: BonusLogRow; duplicate: boolean }> {
    if (grant.amount <= 0n) throw new Error('a bonus must be positive');
    const [earlier] = await work.tx.select().from(bonusLogs).where(eq(bonusLogs.reference, grant.reference));
    if (earlier) return { log: earlier, duplicate: true };

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
    const [log] = await work.tx
      .insert(bonusLogs)
      .values({
        memberId: grant.memberId,
        type: grant.type,
        amount: grant.amount,
        turnover,
        title,
        remark: grant.remark ?? null,
        reference: grant.reference,
        ledgerEntryId: entry.entryId,
      })
      .returning();
    if (turnover > 0n) {
      await work.tx
        .update(members)
        .set({ codingvolume: sql`${members.codingvolume} + ${turnover}`, updatedAt: new Date() })
        .where(eq(members.id, grant.memberId));
      work.afterCommit(() =>
        this.events.emit('member.changed', {
          memberId: grant.memberId,
          changedFields: ['codingvolume'],
          changeType: 'bonus',
          at: new Date(),
        }),
      );
    }
    return { log: log!, duplicate: false };
  }
}
