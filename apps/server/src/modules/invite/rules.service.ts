import { formatFen, formatYuan, INVITE_RULES, type InviteProgramme, inviteRuleLines } from '@app/shared';
import type { z } from 'zod';
import type { inviteSettingsView, PendingChangeRef } from '@app/shared/backoffice';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { lockSetting, readSetting, writeSetting } from '../app-config/index.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { OperatorsService } from '../operators/index.ts';

const KEY = 'invite_rules';

/** What is stored: the operator's numbers, 分 as decimal strings so bigint survives JSON. */
interface Stored {
  deposit_milestones?: Array<{ key: string; threshold: string; reward: string }>;
  commission_basis_points?: number;
  turnover_multiple?: number;
  code_changes_per_day?: number;
}

export interface InviteRulesChange {
  deposit_milestones?: Array<{ key: string; threshold: bigint; reward: bigint }> | undefined;
  commission_basis_points?: number | undefined;
  turnover_multiple?: number | undefined;
  code_changes_per_day?: number | undefined;
  reason: string;
}

type View = z.infer<typeof inviteSettingsView>;

/**
 * The invite programme in force: the built-in INVITE_RULES with an operator's stored changes
 * over them (milestone thresholds and rewards, commission rate, reward turnover multiple, daily
 * code changes). Read on every use, so a change is paid by and shown to everyone at once.
 */
export class InviteRulesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly operators: OperatorsService,
    private readonly changes: ControlChanges,
  ) {
    changes.register<
      Omit<InviteRulesChange, 'deposit_milestones'> & {
        deposit_milestones?: Array<{ key: string; threshold: string; reward: string }> | undefined;
      }
    >({
      kind: 'invite.settings',
      permission: 'invite.settings',
      apply: async (work, p, ctx) => {
        await this.applyIn(
          work,
          {
            ...p,
            deposit_milestones: p.deposit_milestones?.map((m) => ({
              key: m.key,
              threshold: BigInt(m.threshold),
              reward: BigInt(m.reward),
            })),
          },
          ctx.checker,
          ctx,
        );
      },
    });
  }

  async rules(handle: Db | Tx = this.db): Promise<InviteProgramme> {
    const row = await readSetting(handle, KEY);
    return resolve(row?.value ?? {});
  }

  async view(): Promise<View> {
    const row = await readSetting(this.db, KEY);
    return toView(resolve(row?.value ?? {}), row?.updatedAt ?? null);
  }

  /**
   * Saves the changes (checked whole), audited with before → after in the same transaction. A
   * change that pays more (a milestone reward or the commission rate raised, a lower turnover
   * multiple on rewards) waits for a second operator (dual-control `invite.settings`).
   */
  async update(
    change: InviteRulesChange,
    call: { operatorId: number; ip: string },
  ): Promise<View & { pending_change?: PendingChangeRef }> {
    return inTransaction(this.db, async (work) => {
      const stored = (await lockSetting(work.tx, KEY)) as Stored;
      const before = resolve(stored);
      const next = resolve(patched(stored, change));
      const more = paysMore(before, next);
      if (more.length === 0) return this.applyIn(work, change, call);
      const row = await readSetting(work.tx, KEY);
      const a = toView(before, row?.updatedAt ?? null);
      const b = toView(next, null);
      const pending_change = await this.changes.propose(
        work,
        {
          kind: 'invite.settings',
          targetType: 'settings',
          targetId: KEY,
          summary: `提高邀请奖励：${more.join('；')}`,
          payload: {
            ...change,
            deposit_milestones: change.deposit_milestones?.map((m) => ({
              key: m.key,
              threshold: m.threshold.toString(),
              reward: m.reward.toString(),
            })),
          },
          before: {
            deposit_milestones: a.deposit_milestones,
            commission_basis_points: a.commission_basis_points,
            turnover_multiple: a.turnover_multiple,
          },
          after: {
            deposit_milestones: b.deposit_milestones,
            commission_basis_points: b.commission_basis_points,
            turnover_multiple: b.turnover_multiple,
          },
          reason: change.reason,
        },
        call,
      );
      return { ...a, pending_change };
    });
  }

  private async applyIn(
    work: Work,
    change: InviteRulesChange,
    call: { operatorId: number; ip: string },
    approval?: { changeId: number; makerId: number },
  ): Promise<View> {
    const stored = (await lockSetting(work.tx, KEY)) as Stored;
    const before = resolve(stored);
    const next = patched(stored, change);
    const now = this.clock.now();
    await writeSetting(work.tx, KEY, next as Record<string, unknown>, now);
    const a = toView(before, null);
    const b = toView(resolve(next), now);
    const keys = (
      ['deposit_milestones', 'commission_basis_points', 'turnover_multiple', 'code_changes_per_day'] as const
    ).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'settings.invite',
      targetType: 'settings',
      targetId: KEY,
      reason: change.reason,
      detail: {
        before: Object.fromEntries(keys.map((k) => [k, a[k]])),
        after: Object.fromEntries(keys.map((k) => [k, b[k]])),
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: call.ip,
    });
    return b;
  }
}

/** The stored numbers with a change over them, checked whole. */
function patched(stored: Stored, change: InviteRulesChange): Stored {
  const next: Stored = { ...stored };
  if (change.deposit_milestones) {
    const keys = INVITE_RULES.depositMilestones.map((m) => m.key);
    if (
      change.deposit_milestones.length !== keys.length ||
      change.deposit_milestones.some((m, i) => m.key !== keys[i])
    )
      throw refuse('invite.milestones_fixed');
    change.deposit_milestones.forEach((m, i, all) => {
      if (m.reward <= 0n) throw refuse('invite.reward_not_positive');
      if (i > 0 && m.threshold <= all[i - 1]!.threshold) throw refuse('invite.thresholds_not_rising');
    });
    next.deposit_milestones = change.deposit_milestones.map((m) => ({
      key: m.key,
      threshold: m.threshold.toString(),
      reward: m.reward.toString(),
    }));
  }
  if (change.commission_basis_points !== undefined)
    next.commission_basis_points = change.commission_basis_points;
  if (change.turnover_multiple !== undefined) next.turnover_multiple = change.turnover_multiple;
  if (change.code_changes_per_day !== undefined) next.code_changes_per_day = change.code_changes_per_day;
  return next;
}

/** What pays members more in `next` than in `current`, in words. */
export function paysMore(current: InviteProgramme, next: InviteProgramme): string[] {
  const out: string[] = [];
  next.depositMilestones.forEach((m, i) => {
    const was = current.depositMilestones[i];
    if (was && m.reward > was.reward)
      out.push(`充值达标奖励 ${formatYuan(was.reward)} → ${formatYuan(m.reward)} 元`);
    if (was && m.threshold < was.threshold)
      out.push(`充值达标门槛 ${formatYuan(was.threshold)} → ${formatYuan(m.threshold)} 元`);
  });
  if (next.commissionBasisPoints > current.commissionBasisPoints)
    out.push(`返佣比例 ${current.commissionBasisPoints} → ${next.commissionBasisPoints} 基点`);
  if (next.turnoverMultiple < current.turnoverMultiple)
    out.push(`奖励打码倍数 ${current.turnoverMultiple} → ${next.turnoverMultiple}`);
  return out;
}

function resolve(s: Stored): InviteProgramme {
  const milestones = INVITE_RULES.depositMilestones.map((m) => {
    const stored = s.deposit_milestones?.find((x) => x.key === m.key);
    return stored ? { key: m.key, threshold: BigInt(stored.threshold), reward: BigInt(stored.reward) } : m;
  });
  return {
    ...INVITE_RULES,
    depositMilestones: milestones,
    commissionBasisPoints:
      s.commission_basis_points !== undefined
        ? BigInt(s.commission_basis_points)
        : INVITE_RULES.commissionBasisPoints,
    turnoverMultiple: s.turnover_multiple ?? INVITE_RULES.turnoverMultiple,
    codeChangesPerDay: s.code_changes_per_day ?? INVITE_RULES.codeChangesPerDay,
  };
}

function toView(r: InviteProgramme, updatedAt: Date | null): View {
  return {
    deposit_milestones: r.depositMilestones.map((m) => ({
      key: m.key,
      threshold: formatFen(m.threshold),
      reward: formatFen(m.reward),
    })),
    commission_basis_points: Number(r.commissionBasisPoints),
    turnover_multiple: r.turnoverMultiple,
    code_changes_per_day: r.codeChangesPerDay,
    lines: inviteRuleLines(r),
    updated_at: updatedAt?.toISOString() ?? null,
  };
}
