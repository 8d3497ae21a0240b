import { createHmac } from 'node:crypto';
import {
  addDays,
  formatFen,
  groupYuan,
  type RedPacketKind,
  type RedPacketStatus,
  sha256Hex,
  shanghaiDay,
  shanghaiDayStart,
  splitRedPacket,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { AppConfigService } from '../app-config/index.ts';
import type { BonusService } from '../bonus/index.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import * as repo from './red-packets.repo.ts';
import type { RedPacketRow } from './red-packets.table.ts';

/** A red packet's terms as the console sends them (amounts in 分). */
export interface RedPacketInput {
  kind: RedPacketKind;
  name: string;
  code: string | null;
  startsAt: Date;
  endsAt: Date;
  budget: bigint;
  count: number;
  minAmount: bigint;
  /** 打码量 in hundredths of the amount. */
  turnoverPct: number;
  vipMin: number | null;
  depositMin: bigint | null;
  turnoverMin: bigint | null;
}

export interface ClaimContext {
  member: { id: number; vipLevel: number };
  idempotencyKey: string | undefined;
  route: string;
}

interface OperatorCall {
  operatorId: number;
  ip: string;
}

/** Payload of a `red_packet.approve` change. */
interface ApprovePayload {
  packetId: number;
}

const DAY_MS = 86_400_000;
/** Splits kept in memory (one per red packet being claimed); the oldest go first. */
const SPLIT_CACHE = 64;

/**
 * 红包 (issue 41, point 3): 红包雨 windows and 口令红包, behind app info's `redpacket_switch`.
 *
 * A red packet's budget is split into its packets by a draw committed when it is created: its
 * seed is HMAC-SHA-256(draw seed key, "red-packet:<id>"), never stored, and its commitment
 * (SHA-256 of the seed) is published at once; the seed is shown when the window closes, and
 * anyone recomputes every amount (domain/red-packets.ts). A claim takes the lowest free packet
 * (skipping packets other claims hold), credits its amount as a `red_packet` bonus with its 打码量,
 * once per member and red packet, never during a time-out or self-exclusion, in one transaction.
 * A budget above the approval threshold waits for a second operator before it can run.
 */
export class RedPacketsService {
  private readonly splits = new Map<string, number[]>();

  constructor(
    private readonly db: Db,
    /** The console's packets and a packet's claims (Core.reads); claiming and every change read the primary. */
    private readonly reads: Db,
    private readonly deps: {
      idempotency: Pick<IdempotencyService, 'run'>;
      bonus: Pick<BonusService, 'grant'>;
      responsible: Pick<ResponsiblePlayService, 'assertMayPlay' | 'isExcluded'>;
      appConfig: Pick<AppConfigService, 'appInfo'>;
      operators: Pick<OperatorsService, 'audit'>;
      changes: Pick<ControlChanges, 'propose' | 'register' | 'closeFor'>;
      /** Money one operator may commit alone (the finance setting `adjustment_approval_threshold`). */
      approvalThreshold: (tx: Tx) => Promise<bigint>;
      clock: Clock;
      /** The draw seed key (lottery/draw-seed.ts): red packet seeds are derived from it. */
      seedKey: Buffer;
    },
  ) {
    deps.changes.register<ApprovePayload>({
      kind: 'red_packet.approve',
      permission: 'activities',
      apply: async (work, payload, ctx) => {
        const row = await repo.lockPacket(work.tx, payload.packetId);
        if (!row || row.state !== 'pending') throw refuse('red_packets.over');
        if (row.endsAt <= this.deps.clock.now()) throw refuse('red_packets.past');
        await repo.updatePacket(work.tx, row.id, {
          state: 'scheduled',
          approvedBy: ctx.checker.operatorId,
          updatedAt: this.deps.clock.now(),
        });
      },
    });
  }

  // ---- the draw ---------------------------------------------------------------------------------

  /** A red packet's seed: HMAC-SHA-256(key, "red-packet:<id>") as 64 lower-case hex characters. */
  private seedOf(id: number): string {
    return createHmac('sha256', this.deps.seedKey).update(`red-packet:${id}`, 'utf8').digest('hex');
  }

  /** Every packet's amount in 分 (kept for the red packets being claimed). */
  private amountsOf(row: RedPacketRow): number[] {
    const key = `${row.id}:${row.budget}:${row.count}:${row.minAmount}`;
    const known = this.splits.get(key);
    if (known) return known;
    const amounts = splitRedPacket(this.seedOf(row.id), {
      id: row.id,
      budgetFen: Number(row.budget),
      count: row.count,
      minFen: Number(row.minAmount),
    });
    if (this.splits.size >= SPLIT_CACHE) this.splits.delete(this.splits.keys().next().value!);
    this.splits.set(key, amounts);
    return amounts;
  }

  // ---- members ----------------------------------------------------------------------------------

  private async isOpen(): Promise<boolean> {
    return (await this.deps.appConfig.appInfo()).redpacket_switch === 1;
  }

  /** 红包雨 falling now, due in the next 24 hours or closed in the last 24, with the member's claims. */
  async list(member: { id: number }) {
    const now = this.deps.clock.now();
    if (!(await this.isOpen())) return { open: false, server_time: now.toISOString(), list: [] };
    const rows = await repo.rainsBetween(
      this.db,
      new Date(now.getTime() - DAY_MS),
      new Date(now.getTime() + DAY_MS),
    );
    const ids = rows.map((r) => r.id);
    const [stats, mine] = await Promise.all([
      repo.claimStats(this.db, ids),
      repo.claimsOf(this.db, member.id, ids),
    ]);
    return {
      open: true,
      server_time: now.toISOString(),
      list: rows.map((r) => this.view(r, now, stats.get(r.id), mine.get(r.id))),
    };
  }

  /** One red packet (to verify it): a 口令红包 only for a member who claimed from it. */
  async one(member: { id: number }, id: number) {
    const row = await repo.findPacket(this.db, id);
    if (!row || row.state === 'pending') throw refuse('red_packets.not_found');
    const [stats, mine] = await Promise.all([
      repo.claimStats(this.db, [id]),
      repo.claimsOf(this.db, member.id, [id]),
    ]);
    if (row.kind === 'code' && !mine.has(id)) throw refuse('red_packets.not_found');
    return this.view(row, this.deps.clock.now(), stats.get(id), mine.get(id));
  }

  async claims(member: { id: number }, query: { page: number; per_page: number }) {
    const { rows, total } = await repo.memberClaims(
      this.db,
      member.id,
      query.per_page,
      (query.page - 1) * query.per_page,
    );
    return pageOf(
      rows.map((r) => claimView(r, r)),
      total,
      query,
    );
  }

  /** Claims a packet of a 红包雨 while it falls. */
  async claimRain(id: number, ctx: ClaimContext) {
    if (!(await this.isOpen())) throw refuse('red_packets.closed');
    const row = await repo.findPacket(this.db, id);
    if (!row || row.kind !== 'rain' || row.state === 'pending') throw refuse('red_packets.not_found');
    return this.claim(row, ctx);
  }

  /** Claims a packet of the 口令红包 the code names (one answer for every code that does not work). */
  async claimCode(code: string, ctx: ClaimContext) {
    if (!(await this.isOpen())) throw refuse('red_packets.closed');
    const row = await repo.findByCode(this.db, code);
    if (!row || statusOf(row, this.deps.clock.now()) !== 'running') throw refuse('red_packets.code_unknown');
    return this.claim(row, ctx);
  }

  private async claim(row: RedPacketRow, ctx: ClaimContext) {
    const memberId = ctx.member.id;
    try {
      const { data } = await this.deps.idempotency.run(
        { memberId, key: ctx.idempotencyKey, route: ctx.route, request: { packetId: row.id } },
        async (work) => {
          const now = this.deps.clock.now();
          // As it stands now: a cancel that committed since it was read is seen.
          const current = await repo.sharePacket(work.tx, row.id);
          if (!current || current.state === 'pending') throw refuse('red_packets.not_found');
          const status = statusOf(current, now);
          if (status === 'upcoming')
            throw refuse('red_packets.not_started', { at: shanghaiClock(row.startsAt) });
          if (status === 'ended') throw refuse('red_packets.ended');
          if (status === 'cancelled') throw refuse('red_packets.cancelled');
          // Never while a time-out or self-exclusion runs.
          await this.deps.responsible.assertMayPlay(work, memberId, now, { kind: 'promotion' });
          const mine = await repo.claimsOf(work.tx, memberId, [row.id]);
          if (mine.has(row.id)) throw refuse('red_packets.already_claimed');
          const problem = await this.eligibility(work.tx, row, ctx.member, now);
          if (problem) throw refuse('red_packets.not_eligible', { problem });
          const index = await repo.takeSlot(work.tx, row.id);
          if (index === null) throw refuse('red_packets.empty');
          const amount = BigInt(this.amountsOf(row)[index]!);
          const turnover = (amount * BigInt(row.turnoverPct)) / 100n;
          const filled = await repo.fillSlot(work.tx, {
            packetId: row.id,
            index,
            memberId,
            amount,
            turnover,
            at: now,
          });
          if (!filled) throw refuse('red_packets.already_claimed');
          const grant = await this.deps.bonus.grant(work, {
            memberId,
            type: 'red_packet',
            amount,
            reference: `red-packet:${row.id}:${index}`,
            title: row.kind === 'rain' ? '红包雨' : '口令红包',
            remark: row.name,
            turnoverMultiple: row.turnoverPct / 100,
          });
          if (grant.excluded)
            throw refuse('red_packets.not_eligible', { problem: '冷静期或自我排除期间不能领取' });
          return {
            claim: claimView({ packetId: row.id, index, amount, turnover, claimedAt: now }, row),
          };
        },
      );
      return data;
    } catch (err) {
      // The same member claiming twice at once: the second meets the first's packet in the index.
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw refuse('red_packets.already_claimed');
      throw err;
    }
  }

  /** What keeps the member from claiming, in words, or null. */
  private async eligibility(
    tx: Tx,
    row: RedPacketRow,
    member: { vipLevel: number; id: number },
    now: Date,
  ): Promise<string | null> {
    if (row.vipMin !== null && member.vipLevel < row.vipMin) return `VIP${row.vipMin}及以上可领取`;
    if (row.depositMin === null && row.turnoverMin === null) return null;
    const day = shanghaiDay(now);
    const from = shanghaiDayStart(day);
    const to = shanghaiDayStart(addDays(day, 1));
    if (row.depositMin !== null) {
      const deposited = await repo.depositsBetween(tx, member.id, from, to);
      if (deposited < row.depositMin)
        return `当日存款满${groupYuan(formatFen(row.depositMin))}元（今日已存${groupYuan(formatFen(deposited))}元）`;
    }
    if (row.turnoverMin !== null) {
      const bets = await repo.validBetsBetween(tx, member.id, from, to);
      if (bets < row.turnoverMin)
        return `当日有效投注满${groupYuan(formatFen(row.turnoverMin))}元（今日已有${groupYuan(formatFen(bets))}元）`;
    }
    return null;
  }

  private view(
    row: RedPacketRow,
    now: Date,
    stats: repo.ClaimStats | undefined,
    mine: repo.ClaimRow | undefined,
  ) {
    const status = statusOf(row, now);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      status,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      budget: formatFen(row.budget),
      count: row.count,
      min_amount: formatFen(row.minAmount),
      claimed: stats?.claimed ?? 0,
      turnover_multiple: row.turnoverPct / 100,
      conditions: conditionsOf(row),
      commitment: row.commitment,
      seed: status === 'ended' || status === 'cancelled' ? this.seedOf(row.id) : null,
      mine: mine ? claimView(mine, row) : null,
    };
  }

  // ---- console ----------------------------------------------------------------------------------

  async adminList(query: { page: number; per_page: number; kind?: RedPacketKind | undefined }) {
    const { rows, total } = await repo.listPackets(
      this.reads,
      { kind: query.kind },
      query.per_page,
      (query.page - 1) * query.per_page,
    );
    const stats = await repo.claimStats(
      this.reads,
      rows.map((r) => r.packet.id),
    );
    const now = this.deps.clock.now();
    return pageOf(
      rows.map((r) => this.adminView(r.packet, now, stats.get(r.packet.id), r.createdBy)),
      total,
      query,
    );
  }

  async claimsOfPacket(id: number, query: { page: number; per_page: number }) {
    if (!(await repo.findPacket(this.reads, id))) throw refuse('red_packets.not_found');
    const { rows, total } = await repo.packetClaims(
      this.reads,
      id,
      query.per_page,
      (query.page - 1) * query.per_page,
    );
    return pageOf(
      rows.map((r) => ({
        index: r.slot.index,
        member_id: r.slot.memberId!,
        username: r.username,
        amount: formatFen(r.slot.amount ?? 0n),
        turnover: formatFen(r.slot.turnover ?? 0n),
        claimed_at: (r.slot.claimedAt ?? new Date(0)).toISOString(),
      })),
      total,
      query,
    );
  }

  /**
   * Schedules a red packet and publishes its commitment. A budget above the approval threshold
   * waits for a second operator (`pending`) and cannot run until approved.
   */
  async create(input: RedPacketInput, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const now = this.deps.clock.now();
      if (input.endsAt <= now) throw refuse('red_packets.past');
      if (input.code && (await repo.codeTaken(work.tx, input.code, null)))
        throw refuse('red_packets.code_taken');
      const threshold = await this.deps.approvalThreshold(work.tx);
      const needsApproval = input.budget > threshold;
      let row = await repo.insertPacket(work.tx, {
        ...input,
        commitment: '',
        state: needsApproval ? 'pending' : 'scheduled',
        createdBy: call.operatorId,
        createdAt: now,
        updatedAt: now,
      });
      row = await repo.updatePacket(work.tx, row.id, { commitment: sha256Hex(this.seedOf(row.id)) });
      await repo.createSlots(work.tx, row.id, row.count);
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'red_packet.create',
        targetType: 'red_packet',
        targetId: row.id,
        detail: { after: auditFields(row) },
        ip: call.ip,
      });
      let pending: { id: number; summary: string } | null = null;
      if (needsApproval) {
        pending = await this.proposeApproval(work, row, call);
        row = await repo.updatePacket(work.tx, row.id, { changeId: pending.id });
      }
      return this.adminView(row, now, undefined, await repo.creatorOf(work.tx, row.createdBy), pending);
    });
  }

  private proposeApproval(work: Work, row: RedPacketRow, call: OperatorCall) {
    return this.deps.changes.propose<ApprovePayload>(
      work,
      {
        kind: 'red_packet.approve',
        targetType: 'red_packet',
        targetId: row.id,
        summary: `红包「${row.name}」预算 ${groupYuan(formatFen(row.budget))} 元，${row.count} 个`,
        payload: { packetId: row.id },
        after: auditFields(row),
        reason: '红包预算超出单人审批额度',
      },
      call,
    );
  }

  /**
   * Edits a red packet. Before its window opens anything but the kind may change (its packets
   * are made again; the commitment stays, the seed being the red packet's); once open, only its
   * name and the end of its window. A budget raised above the threshold waits for approval again.
   */
  async update(id: number, input: RedPacketInput, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const now = this.deps.clock.now();
      const before = await repo.lockPacket(work.tx, id);
      if (!before) throw refuse('red_packets.not_found');
      if (before.kind !== input.kind) throw refuse('red_packets.kind_fixed');
      // Its approval is for the terms proposed: they stay as they are until a second operator decides.
      if (before.state === 'pending') throw refuse('red_packets.pending');
      const status = statusOf(before, now);
      if (status === 'ended' || status === 'cancelled') throw refuse('red_packets.over');
      if (input.endsAt <= now) throw refuse('red_packets.past');
      if (input.code && (await repo.codeTaken(work.tx, input.code, id)))
        throw refuse('red_packets.code_taken');
      const started = before.startsAt <= now;
      if (started) {
        const same =
          input.budget === before.budget &&
          input.count === before.count &&
          input.minAmount === before.minAmount &&
          input.startsAt.getTime() === before.startsAt.getTime() &&
          input.turnoverPct === before.turnoverPct &&
          input.vipMin === before.vipMin &&
          input.depositMin === before.depositMin &&
          input.turnoverMin === before.turnoverMin &&
          input.code === before.code;
        if (!same) throw refuse('red_packets.started');
      }
      const threshold = await this.deps.approvalThreshold(work.tx);
      const needsApproval = !started && input.budget > threshold && input.budget > before.budget;
      let row = await repo.updatePacket(work.tx, id, {
        ...input,
        ...(needsApproval ? { state: 'pending' as const, approvedBy: null } : {}),
        updatedAt: now,
      });
      if (!started && (input.count !== before.count || input.budget !== before.budget)) {
        await repo.dropSlots(work.tx, id);
        await repo.createSlots(work.tx, id, row.count);
      }
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'red_packet.update',
        targetType: 'red_packet',
        targetId: id,
        detail: { before: auditFields(before), after: auditFields(row) },
        ip: call.ip,
      });
      let pending: { id: number; summary: string } | null = null;
      if (needsApproval) {
        pending = await this.proposeApproval(work, row, call);
        row = await repo.updatePacket(work.tx, id, { changeId: pending.id });
      }
      const stats = await repo.claimStats(work.tx, [id]);
      return this.adminView(row, now, stats.get(id), await repo.creatorOf(work.tx, row.createdBy), pending);
    });
  }

  /** Stops a red packet: claims made stay paid; the rest of its budget is never paid. */
  async cancel(id: number, reason: string, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const now = this.deps.clock.now();
      const before = await repo.lockPacket(work.tx, id);
      if (!before) throw refuse('red_packets.not_found');
      const status = statusOf(before, now);
      if (status === 'ended' || status === 'cancelled') throw refuse('red_packets.over');
      const row = await repo.updatePacket(work.tx, id, {
        state: 'cancelled',
        cancelledAt: now,
        cancelledBy: call.operatorId,
        updatedAt: now,
      });
      await this.deps.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'red_packet.cancel',
        targetType: 'red_packet',
        targetId: id,
        reason,
        detail: { before: { status: RED_STATUS_TEXT[status] }, after: { status: RED_STATUS_TEXT.cancelled } },
        ip: call.ip,
      });
      // A budget still waiting for its second operator has nothing left to approve.
      if (status === 'pending')
        await this.deps.changes.closeFor(work, 'red_packet', id, `红包已取消：${reason}`, call);
      const stats = await repo.claimStats(work.tx, [id]);
      return this.adminView(row, now, stats.get(id), await repo.creatorOf(work.tx, row.createdBy));
    });
  }

  private adminView(
    row: RedPacketRow,
    now: Date,
    stats: repo.ClaimStats | undefined,
    createdBy: string | null,
    pending: { id: number; summary: string } | null = null,
  ) {
    const claimedAmount = stats?.amount ?? 0n;
    const base = this.view(row, now, stats, undefined);
    return {
      id: base.id,
      kind: base.kind,
      name: base.name,
      code: row.code,
      status: base.status,
      starts_at: base.starts_at,
      ends_at: base.ends_at,
      budget: base.budget,
      count: base.count,
      min_amount: base.min_amount,
      turnover_multiple: base.turnover_multiple,
      vip_min: row.vipMin,
      deposit_min: row.depositMin === null ? null : formatFen(row.depositMin),
      turnover_min: row.turnoverMin === null ? null : formatFen(row.turnoverMin),
      conditions: base.conditions,
      commitment: base.commitment,
      seed: base.seed,
      claimed: base.claimed,
      claimed_amount: formatFen(claimedAmount),
      remaining_amount: formatFen(row.budget - claimedAmount),
      pending_change:
        pending ??
        (row.state === 'pending' && row.changeId !== null
          ? { id: row.changeId, summary: '红包预算复核' }
          : null),
      created_by: createdBy,
      created_at: row.createdAt.toISOString(),
    };
  }
}

const RED_STATUS_TEXT: Record<RedPacketStatus, string> = {
  pending: '待复核',
  upcoming: '未开始',
  running: '进行中',
  ended: '已结束',
  cancelled: '已取消',
};

export function statusOf(row: RedPacketRow, now: Date): RedPacketStatus {
  if (row.state === 'pending') return 'pending';
  if (row.state === 'cancelled') return 'cancelled';
  if (now < row.startsAt) return 'upcoming';
  if (now < row.endsAt) return 'running';
  return 'ended';
}

function conditionsOf(row: RedPacketRow) {
  const parts: string[] = [];
  if (row.vipMin !== null && row.vipMin > 0) parts.push(`VIP${row.vipMin}及以上`);
  if (row.depositMin !== null) parts.push(`当日存款满${groupYuan(formatFen(row.depositMin))}元`);
  if (row.turnoverMin !== null) parts.push(`当日有效投注满${groupYuan(formatFen(row.turnoverMin))}元`);
  return {
    vip_min: row.vipMin,
    deposit_min: row.depositMin === null ? null : formatFen(row.depositMin),
    turnover_min: row.turnoverMin === null ? null : formatFen(row.turnoverMin),
    text: parts.join('，'),
  };
}

function claimView(c: repo.ClaimRow, row: { kind: RedPacketKind; name: string }) {
  return {
    packet_id: c.packetId,
    kind: row.kind,
    name: row.name,
    index: c.index,
    amount: formatFen(c.amount),
    turnover: formatFen(c.turnover),
    claimed_at: c.claimedAt.toISOString(),
  };
}

/** "12-01 20:00" in Beijing time: when a window opens, as a member reads it. */
function shanghaiClock(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(5, 16).replace('T', ' ');
}

/** A red packet's terms as the audit log keeps them. */
function auditFields(row: RedPacketRow) {
  return {
    kind: row.kind,
    name: row.name,
    code: row.code,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    budget: formatFen(row.budget),
    count: row.count,
    min_amount: formatFen(row.minAmount),
    turnover_multiple: row.turnoverPct / 100,
    conditions: conditionsOf(row).text || '无',
    commitment: row.commitment,
  };
}
