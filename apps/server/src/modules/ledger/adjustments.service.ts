import { formatFen, formatYuan, parseYuan } from '@app/shared';
import type { AdjustmentItem } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { LedgerService } from './ledger.service.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import * as repo from './adjustments.repo.ts';
import type { ManualAdjustmentRow } from './adjustments.table.ts';
import type { SoloAllowance } from '../dual-control/index.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toAdjustmentItem(r: repo.AdjustmentOut): AdjustmentItem {
  return {
    id: Number(r.id),
    member_id: Number(r.member_id),
    username: r.username,
    amount: formatFen(BigInt(r.amount)),
    reason: r.reason,
    status: r.status,
    needs_approval: Number(r.needs_approval) === 1,
    maker_id: Number(r.maker_id),
    maker_name: r.maker_name,
    checker_id: r.checker_id === null ? null : Number(r.checker_id),
    checker_name: r.checker_name,
    checker_reason: r.checker_reason,
    balance_after: r.balance_after === null ? null : formatFen(BigInt(r.balance_after)),
    created_at: iso(r.created_at)!,
    decided_at: iso(r.decided_at),
  };
}

/**
 * Manual credits and debits of a member's main wallet (ledger type `adjust`). While the maker's
 * solo allowance holds (everything they moved alone for the member today, this one included,
 * within the approval threshold: dual-control's `SoloAllowance`) the entry posts at once; beyond
 * it a second operator must approve (maker–checker) and the maker never can. Each step is
 * audited in its transaction.
 */
export class AdjustmentsService {
  constructor(
    private readonly db: Db,
    /** The console's adjustments list (Core.reads); making, approving and rejecting read the primary. */
    private readonly reads: Db,
    private readonly ledger: LedgerService,
    private readonly operators: OperatorsService,
    private readonly messages: MessagesService,
    private readonly solo: SoloAllowance,
    private readonly clock: Clock,
    private readonly onQueueChanged: () => void,
  ) {}

  async list(q: Parameters<typeof repo.pageAdjustments>[1]) {
    const { rows, total } = await repo.pageAdjustments(this.reads, q);
    return pageOf(rows.map(toAdjustmentItem), total, q);
  }

  async create(
    input: { member_id: number; direction: 'credit' | 'debit'; amount: string; reason: string },
    call: OperatorCall,
  ) {
    const parsed = parseYuan(input.amount);
    if (!parsed.ok || parsed.fen <= 0n) throw refuse('backoffice.adjustment_amount_invalid');
    const amount = input.direction === 'credit' ? parsed.fen : -parsed.fen;
    const id = await inTransaction(this.db, async (work) => {
      if (!(await repo.memberExists(work.tx, input.member_id))) throw refuse('backoffice.member_not_found');
      const move = {
        operatorId: call.operatorId,
        memberId: input.member_id,
        amount,
        kind: 'adjustment' as const,
      };
      // Checked under the member's lock, held to commit: concurrent splits are counted in turn.
      const decision = await this.solo.allows(work, [{ ...move, reference: 'manual_adjustment:new' }]);
      const needsApproval = !decision.alone;
      const row = await repo.insertAdjustment(work.tx, {
        memberId: input.member_id,
        amount,
        reason: input.reason,
        needsApproval,
        makerId: call.operatorId,
        createdAt: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'adjustment.create',
        targetType: 'adjustment',
        targetId: row.id,
        memberId: input.member_id,
        reason: input.reason,
        detail: {
          amount: formatFen(amount),
          needs_approval: needsApproval,
          threshold: formatFen(decision.threshold),
          moved_alone_today: formatFen(decision.movedToday),
        },
        ip: call.ip,
      });
      if (!needsApproval) {
        await this.solo.record(work, [{ ...move, reference: `manual_adjustment:${row.id}` }]);
        await this.execute(work, row, null, '', call);
      } else work.afterCommit(this.onQueueChanged);
      return row.id;
    });
    return this.item(id);
  }

  async approve(id: number, reason: string, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockPending(work, id);
      if (row.makerId === call.operatorId) throw refuse('dual_control.own_adjustment');
      await this.execute(work, row, call.operatorId, reason, call);
      work.afterCommit(this.onQueueChanged);
    });
    return this.item(id);
  }

  async reject(id: number, reason: string, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockPending(work, id);
      if (row.makerId === call.operatorId) throw refuse('dual_control.own_adjustment');
      await repo.decideAdjustment(work.tx, id, {
        status: 'rejected',
        checkerId: call.operatorId,
        checkerReason: reason,
        decidedAt: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'adjustment.reject',
        targetType: 'adjustment',
        targetId: id,
        memberId: row.memberId,
        reason,
        detail: {
          before: { status: 'pending' },
          after: { status: 'rejected' },
          amount: formatFen(row.amount),
        },
        ip: call.ip,
      });
      work.afterCommit(this.onQueueChanged);
    });
    return this.item(id);
  }

  private async item(id: number) {
    const row = await repo.findAdjustment(this.db, id);
    if (!row) throw refuse('backoffice.adjustment_not_found');
    return toAdjustmentItem(row);
  }

  private async lockPending(work: Work, id: number) {
    const row = await repo.lockAdjustment(work.tx, id);
    if (!row) throw refuse('backoffice.adjustment_not_found');
    if (row.status !== 'pending') throw refuse('backoffice.adjustment_decided');
    return row;
  }

  /** Posts the adjustment (a debit beyond the balance is refused with 余额不足) and marks it done. */
  private async execute(
    work: Work,
    row: ManualAdjustmentRow,
    checkerId: number | null,
    reason: string,
    call: OperatorCall,
  ) {
    const entry = await this.ledger.post(work, {
      memberId: row.memberId,
      amount: row.amount,
      type: 'adjust',
      reference: { type: 'manual_adjustment', id: row.id },
      idempotencyKey: `adjustment:${row.id}`,
      remark: `人工调整：${row.reason}`,
    });
    await repo.decideAdjustment(work.tx, row.id, {
      status: 'approved',
      checkerId,
      checkerReason: reason || null,
      decidedAt: this.clock.now(),
      ledgerEntryId: entry.entryId,
    });
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'adjustment.approve',
      targetType: 'adjustment',
      targetId: row.id,
      memberId: row.memberId,
      reason: reason || row.reason,
      detail: {
        before: { balance: formatFen(entry.balanceBefore) },
        after: { balance: formatFen(entry.balanceAfter) },
        amount: formatFen(row.amount),
        checked_by_second_operator: checkerId !== null,
      },
      ip: call.ip,
    });
    await this.messages.send(work, {
      memberId: row.memberId,
      type: 'finance',
      title: row.amount > 0n ? '账户加款' : '账户扣款',
      content: `您的账户${row.amount > 0n ? '增加' : '扣除'} ${formatYuan(row.amount > 0n ? row.amount : -row.amount)} 元（${row.reason}），当前余额 ${formatYuan(entry.balanceAfter)} 元。`,
      link: '/financePages/billdetails',
      dedupeKey: `adjustment:${row.id}`,
    });
  }
}
