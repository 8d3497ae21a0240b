import {
  can,
  CONTROL_CHANGE_KINDS,
  CONTROL_CHANGE_STATUSES,
  type ControlChangeItem,
  type ControlChangeKindKey,
  type OperatorRoleKey,
  type PendingChangeRef,
  type Permission,
} from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorsService } from '../operators/index.ts';
import * as repo from './dual-control.repo.ts';
import type { ControlChangeStatus } from './dual-control.table.ts';

/** Who decides, from where: the audit log's view of an operator call. */
export interface ControlCall {
  operatorId: number;
  ip: string;
}

/**
 * One kind of change that waits for a second operator. `apply` runs in the checker's
 * transaction and must check again that the change still makes sense (state may have moved
 * since it was proposed); what it returns is shown once to the checker (a temporary password).
 */
export interface ControlChangeKind<P> {
  kind: ControlChangeKindKey;
  /** The permission the checker must hold, as the maker did to propose it. */
  permission: Permission;
  apply(
    work: Work,
    payload: P,
    ctx: { changeId: number; makerId: number; checker: ControlCall; reason: string },
  ): Promise<Record<string, unknown> | void>;
}

export interface Proposal<P> {
  kind: ControlChangeKindKey;
  targetType: string;
  targetId: string | number;
  /** One line in Chinese: what approving it does. */
  summary: string;
  payload: P;
  before?: unknown;
  after?: unknown;
  /** The maker's reason (shown to the checker and kept in the audit log). */
  reason: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toItem(r: repo.ChangeOut): ControlChangeItem {
  return {
    id: r.id,
    kind: r.kind,
    kind_text: CONTROL_CHANGE_KINDS[r.kind as ControlChangeKindKey] ?? r.kind,
    permission: r.permission,
    target_type: r.targetType,
    target_id: r.targetId,
    summary: r.summary,
    before: r.before ?? null,
    after: r.after ?? null,
    status: r.status,
    status_text: CONTROL_CHANGE_STATUSES[r.status],
    maker_id: r.makerId,
    maker_name: r.makerName,
    maker_reason: r.makerReason,
    checker_id: r.checkerId,
    checker_name: r.checkerName,
    checker_reason: r.checkerReason,
    created_at: r.createdAt.toISOString(),
    decided_at: iso(r.decidedAt),
  };
}

/**
 * Maker–checker for whatever one operator must not do alone (issue 37): a change that weakens a
 * money control, or money beyond an operator's solo allowance, is proposed by one operator and
 * applied only when another, holding the same permission, approves it. The maker can withdraw it
 * and never approve it; each step is audited with the change's before and after.
 */
export class ControlChanges {
  private readonly kinds = new Map<string, ControlChangeKind<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly operators: Pick<OperatorsService, 'audit'>,
    private readonly clock: Clock,
    private readonly onQueueChanged: () => void = () => undefined,
  ) {}

  /** Registers the handler of one kind (each module registers its own at composition). */
  register<P>(kind: ControlChangeKind<P>): void {
    if (this.kinds.has(kind.kind)) throw new Error(`control change kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind);
  }

  /**
   * Records a change for a second operator, in the caller's transaction, and says so in the audit
   * log. One change of a kind waits per target at a time: another proposal is a 409 naming it.
   */
  async propose<P>(work: Work, p: Proposal<P>, call: ControlCall): Promise<PendingChangeRef> {
    const handler = this.kinds.get(p.kind);
    if (!handler) throw new Error(`control change kind ${p.kind} has no handler`);
    const targetId = String(p.targetId);
    const waiting = await repo.pendingOn(work.tx, p.kind, p.targetType, targetId);
    if (waiting) throw refuse('dual_control.change_waiting', { id: waiting.id }, { change_id: waiting.id });
    const row = await repo.insertChange(work.tx, {
      kind: p.kind,
      permission: handler.permission,
      targetType: p.targetType,
      targetId,
      summary: p.summary,
      payload: p.payload,
      before: p.before ?? null,
      after: p.after ?? null,
      makerId: call.operatorId,
      makerReason: p.reason,
      createdAt: this.clock.now(),
    });
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'control.propose',
      targetType: 'control_change',
      targetId: row.id,
      reason: p.reason,
      detail: {
        kind: p.kind,
        target: `${p.targetType}:${targetId}`,
        summary: p.summary,
        before: p.before ?? null,
        after: p.after ?? null,
      },
      ip: call.ip,
    });
    work.afterCommit(this.onQueueChanged);
    return { id: row.id, summary: p.summary };
  }

  async list(q: { page: number; per_page: number; status?: ControlChangeStatus; kind?: string }) {
    const { rows, total } = await repo.pageChanges(this.db, q);
    return pageOf(rows.map(toItem), total, q);
  }

  async item(id: number): Promise<ControlChangeItem> {
    const row = await repo.findChange(this.db, id);
    if (!row) throw refuse('dual_control.change_not_found');
    return toItem(row);
  }

  /**
   * A second operator approves: the change is applied in this transaction and marked approved.
   * When the handler refuses (the target moved on), the change is marked failed with the reason
   * and the refusal is answered, so it never waits forever.
   */
  async approve(id: number, reason: string, call: ControlCall & { role: OperatorRoleKey }) {
    let result: Record<string, unknown> | null = null;
    try {
      await inTransaction(this.db, async (work) => {
        const row = await this.lockPending(work, id);
        if (row.makerId === call.operatorId) throw refuse('dual_control.own_change');
        if (!can(call.role, row.permission as Permission)) throw refuse('dual_control.change_permission');
        const handler = this.kinds.get(row.kind);
        if (!handler) throw new AppError(500);
        result =
          (await handler.apply(work, row.payload, {
            changeId: row.id,
            makerId: row.makerId,
            checker: call,
            reason,
          })) ?? null;
        await repo.decideChange(work.tx, id, {
          status: 'approved',
          checkerId: call.operatorId,
          checkerReason: reason || null,
          decidedAt: this.clock.now(),
        });
        await this.operators.audit(work, {
          operatorId: call.operatorId,
          action: 'control.approve',
          targetType: 'control_change',
          targetId: id,
          reason,
          detail: {
            kind: row.kind,
            target: `${row.targetType}:${row.targetId}`,
            maker_id: row.makerId,
            before: row.before ?? null,
            after: row.after ?? null,
          },
          ip: call.ip,
        });
        work.afterCommit(this.onQueueChanged);
      });
    } catch (err) {
      // Refused by the handler (not by who is asking): the change can never apply as proposed.
      if (err instanceof AppError && (err.status === 409 || err.status === 422 || err.status === 404))
        await this.markFailed(id, err.message, call);
      throw err;
    }
    return { change: await this.item(id), result };
  }

  /** A second operator refuses, or the maker withdraws their own proposal. Nothing is applied. */
  async reject(id: number, reason: string, call: ControlCall & { role: OperatorRoleKey }) {
    await inTransaction(this.db, async (work) => {
      const row = await this.lockPending(work, id);
      const own = row.makerId === call.operatorId;
      if (!own && !can(call.role, row.permission as Permission))
        throw refuse('dual_control.change_permission');
      await repo.decideChange(work.tx, id, {
        status: 'rejected',
        checkerId: own ? null : call.operatorId,
        checkerReason: own ? `发起人撤回${reason ? `：${reason}` : ''}` : reason || null,
        decidedAt: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: own ? 'control.withdraw' : 'control.reject',
        targetType: 'control_change',
        targetId: id,
        reason,
        detail: { kind: row.kind, target: `${row.targetType}:${row.targetId}`, maker_id: row.makerId },
        ip: call.ip,
      });
      work.afterCommit(this.onQueueChanged);
    });
    return this.item(id);
  }

  /**
   * Closes what waits on a target that another decision has settled (a rejected deposit, a
   * withdrawal refused or cancelled), in that decision's transaction: nothing is applied.
   */
  async closeFor(
    work: Work,
    targetType: string,
    targetId: string | number,
    why: string,
    call: ControlCall,
  ): Promise<void> {
    for (;;) {
      const row = await repo.pendingOnTarget(work.tx, targetType, String(targetId));
      if (!row) return;
      await repo.decideChange(work.tx, row.id, {
        status: 'rejected',
        checkerId: row.makerId === call.operatorId ? null : call.operatorId,
        checkerReason: why,
        decidedAt: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'control.close',
        targetType: 'control_change',
        targetId: row.id,
        reason: why,
        detail: { kind: row.kind, target: `${row.targetType}:${row.targetId}`, maker_id: row.makerId },
        ip: call.ip,
      });
      work.afterCommit(this.onQueueChanged);
    }
  }

  /** The changes waiting (the console's badge). */
  pendingCount(): Promise<number> {
    return repo.countPending(this.db);
  }

  private async lockPending(work: Work, id: number) {
    const row = await repo.lockChange(work.tx, id);
    if (!row) throw refuse('dual_control.change_not_found');
    if (row.status !== 'pending')
      throw refuse('dual_control.change_decided', { status: CONTROL_CHANGE_STATUSES[row.status] });
    return row;
  }

  private async markFailed(id: number, why: string, call: ControlCall): Promise<void> {
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockChange(work.tx, id);
      if (row?.status !== 'pending' || row.makerId === call.operatorId) return;
      await repo.decideChange(work.tx, id, {
        status: 'failed',
        checkerId: call.operatorId,
        checkerReason: why,
        decidedAt: this.clock.now(),
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'control.failed',
        targetType: 'control_change',
        targetId: id,
        reason: why,
        detail: { kind: row.kind, target: `${row.targetType}:${row.targetId}` },
        ip: call.ip,
      });
      work.afterCommit(this.onQueueChanged);
    });
  }
}
