import { formatFen, LEDGER_TYPES, type LedgerType } from '@app/shared';
import {
  MEMBER_FLAGS,
  type MemberDetail,
  type MemberFlag,
  type MemberListItem,
} from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Paging } from '../../db/filters.ts';
import * as repo from './admin.repo.ts';
import { optText, text } from '../../db/rows.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const iso = (v: Date | string | null | undefined) =>
  v === null || v === undefined ? null : new Date(v).toISOString();
const money = (v: unknown) => formatFen(BigInt(v as string | number | bigint));

export function toMemberListItem(r: repo.MemberRowOut): MemberListItem {
  return {
    id: Number(r.id),
    username: r.username,
    nickname: r.nickname,
    mobile: r.mobile,
    vip_level: Number(r.vip_level),
    balance: money(r.main),
    lottery_balance: money(r.lottery),
    frozen: money(r.frozen),
    agent_id: r.agent_id === null ? null : Number(r.agent_id),
    agent_username: r.agent_username,
    flags: {
      enabled: Number(r.enabled),
      is_black: Number(r.is_black),
      disable_withdraw: Number(r.disable_withdraw),
      disable_game: Number(r.disable_game),
      disable_nggame: Number(r.disable_nggame),
      is_agent: Number(r.is_agent),
      is_mock: Number(r.is_mock),
    },
    register_type: r.register_type,
    register_ip: r.register_ip,
    created_at: iso(r.created_at)!,
    last_login_at: iso(r.last_login_at),
    last_login_ip: r.last_login_ip,
    tags: r.tags ?? [],
  };
}

/** A time as the console reads it in a line of text: Beijing (UTC+8, no summer time). */
const beijingText = (at: string) =>
  `to_char(${at} AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI')`;

/**
 * Who voided or resettled a match of the order (`t`) and why, the latest first, as the sports
 * module's `voidTraceOf` decides for the member and the match detail: an operator's correction
 * (named in full), or a cancelled match's recorded process and reason.
 */
const ORDER_VOID_TRACE = `(SELECT x.line FROM (
    SELECT c.created_at AS at, 1 AS pri,
           CASE c.kind WHEN 'void' THEN '作废' ELSE '重新结算' END || ' · ' || op.name || '（' || op.username || '）'
             || ' · 原因：' || c.reason || ' · ' || ${beijingText('c.created_at')} AS line
      FROM order_legs l JOIN match_corrections c ON c.match_id = l.match_id JOIN operators op ON op.id = c.operator_id
     WHERE l.order_id = t.id
    UNION ALL
    SELECT m.finished_at, 0,
           '作废 · ' || COALESCE(m.result->>'by', 'feed:settlement') || ' · 原因：' || COALESCE(m.result->>'reason', '赛事取消')
             || COALESCE(' · ' || ${beijingText('m.finished_at')}, '')
      FROM order_legs l JOIN matches m ON m.id = l.match_id
     WHERE l.order_id = t.id AND m.status = 'cancelled' AND m.result->>'status' = 'cancelled'
  ) x ORDER BY x.at DESC NULLS LAST, x.pri DESC LIMIT 1)`;

/** Who cancelled or refunded the lottery bet (`t`) and why (lottery_bets.cancelled_by). */
const BET_VOID_TRACE = `CASE WHEN t.cancelled_by IS NOT NULL THEN
    CASE t.status WHEN 'cancelled' THEN '撤单' ELSE '退款' END || ' · '
      || CASE t.cancelled_by WHEN 'member' THEN '会员本人' ELSE t.cancelled_by END
      || COALESCE(' · 原因：' || t.cancel_reason, '') || COALESCE(' · ' || ${beijingText('t.settled_at')}, '')
  END`;

/** The member tables the console shows, each one query shape over its own table. */
const RECORDS = {
  orders: {
    table: 'orders',
    select: `t.id, t.order_no, t.sport, t.pass_type, t.match_count, t.bet_count, t.multiple, t.total_amount, t.max_prize, t.payout, t.status, t.created_at, t.settled_at, ${ORDER_VOID_TRACE} AS void_trace`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'status',
  },
  lotteryBets: {
    table: 'lottery_bets',
    select: `t.id, t.bet_no, t.lottery_code, (SELECT number FROM lottery_periods p WHERE p.id = t.period_id) AS period, t.play_code, t.codes, t.amount, t.payout, t.status, t.created_at, ${BET_VOID_TRACE} AS void_trace`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'status',
  },
  deposits: {
    table: 'payment_orders',
    select: `t.id, t.order_no, t.method, t.amount, t.usdt_cents, t.tx_hash, t.status, t.reason, t.created_at, t.paid_at`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'status',
  },
  withdrawals: {
    table: 'withdrawals',
    select: `t.id, t.order_no, t.amount, t.fee, t.wallet_name, t.account, t.status, t.reason, t.created_at, t.decided_at`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'status',
  },
  gameTransfers: {
    table: 'game_transfers',
    select: `t.id, t.provider, t.direction, t.amount, t.status, t.last_error, t.created_at, t.resolved_at`,
    at: 'created_at',
    order: 't.created_at DESC',
    status: 'status',
  },
  bonuses: {
    table: 'bonus_logs',
    select: `t.id, t.type, t.title, t.amount, t.turnover, t.reference, t.created_at`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'type',
  },
  messages: {
    table: 'messages',
    select: `t.id, t.type, t.title, t.content, t.read_at, t.deleted_at, t.created_at`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'type',
  },
  ledger: {
    table: 'ledger_entries',
    select: `t.id, (SELECT kind FROM wallets w WHERE w.id = t.wallet_id) AS wallet, t.type, t.amount, t.balance_before, t.balance_after, t.reference_type, t.reference_id, t.remark, t.created_at`,
    at: 'created_at',
    order: 't.id DESC',
    status: 'type',
  },
} satisfies Record<string, repo.RecordKind>;
export type RecordName = keyof typeof RECORDS;

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const str = optText;

/** How each kind's rows leave the server (contracts in @app/shared/backoffice members.ts). */
const MAPPERS: Record<RecordName, (r: Row) => Row> = {
  orders: (r) => ({
    id: num(r.id),
    order_no: r.order_no,
    sport: r.sport,
    pass_type: r.pass_type,
    match_count: num(r.match_count),
    bet_count: num(r.bet_count),
    multiple: num(r.multiple),
    amount: money(r.total_amount),
    max_prize: money(r.max_prize),
    payout: money(r.payout),
    status: r.status,
    created_at: iso(r.created_at as string),
    settled_at: iso(r.settled_at as string | null),
    void_trace: str(r.void_trace),
  }),
  lotteryBets: (r) => ({
    id: num(r.id),
    bet_no: r.bet_no,
    lottery_code: r.lottery_code,
    period: str(r.period) ?? '',
    play_code: r.play_code,
    codes: r.codes,
    amount: money(r.amount),
    payout: money(r.payout),
    status: r.status,
    created_at: iso(r.created_at as string),
    void_trace: str(r.void_trace),
  }),
  deposits: (r) => ({
    id: num(r.id),
    order_no: r.order_no,
    method: r.method,
    amount: money(r.amount),
    usdt_amount: r.usdt_cents === null ? null : money(r.usdt_cents),
    tx_hash: str(r.tx_hash),
    status: r.status,
    reason: str(r.reason),
    created_at: iso(r.created_at as string),
    paid_at: iso(r.paid_at as string | null),
  }),
  withdrawals: (r) => ({
    id: num(r.id),
    order_no: r.order_no,
    amount: money(r.amount),
    fee: money(r.fee),
    wallet_name: r.wallet_name,
    account: r.account,
    status: r.status,
    reason: str(r.reason),
    created_at: iso(r.created_at as string),
    decided_at: iso(r.decided_at as string | null),
  }),
  gameTransfers: (r) => ({
    id: String(r.id),
    provider: r.provider,
    direction: r.direction,
    amount: money(r.amount),
    status: r.status,
    last_error: str(r.last_error),
    created_at: iso(r.created_at as string),
    resolved_at: iso(r.resolved_at as string | null),
  }),
  bonuses: (r) => ({
    id: num(r.id),
    type: r.type,
    title: r.title,
    amount: money(r.amount),
    turnover: money(r.turnover),
    reference: r.reference,
    created_at: iso(r.created_at as string),
  }),
  messages: (r) => ({
    id: num(r.id),
    type: r.type,
    title: r.title,
    content: r.content,
    read: r.read_at !== null,
    deleted: r.deleted_at !== null,
    created_at: iso(r.created_at as string),
  }),
  ledger: (r) => ({
    id: String(r.id),
    wallet: str(r.wallet) ?? '',
    type: r.type,
    type_text: LEDGER_TYPES[r.type as LedgerType] ?? String(r.type),
    amount: money(r.amount),
    balance_before: money(r.balance_before),
    balance_after: money(r.balance_after),
    reference: r.reference_type ? `${text(r.reference_type)}:${text(r.reference_id)}` : null,
    remark: r.remark,
    created_at: iso(r.created_at as string),
  }),
};

/**
 * What the member view asks of modules above accounts, wired by the composition root: operators,
 * realtime and responsible play all name members, so accounts cannot import them (decision 024).
 */
export interface MembersAdminPorts {
  /** The operators' audit log, written in the change's transaction (`OperatorsService`). */
  audit: {
    audit: (
      work: Work,
      entry: {
        operatorId: number;
        action: string;
        targetType: string;
        targetId: string | number;
        memberId?: number | null;
        reason?: string | null;
        detail?: Record<string, unknown>;
        ip?: string | null;
      },
    ) => Promise<void>;
  };
  /** Whether the member is connected now (`RealtimeService`). */
  presence: { onlineStatus: (memberId: number) => Promise<{ is_online: 0 | 1 }> };
  /** 理性投注, read only (`ResponsiblePlayService`). */
  responsible: { memberSummary: (memberId: number) => Promise<MemberDetail['responsible_play']> };
}

/** Member search, profile, flags, sessions and every record table of one member. */
export class MembersAdminService {
  constructor(
    private readonly db: Db,
    /** Lists and record tables (Core.reads): never what a change is decided from. */
    private readonly reads: Db,
    private readonly operators: MembersAdminPorts['audit'],
    private readonly events: EventBus,
    private readonly realtime: MembersAdminPorts['presence'],
    private readonly clock: Clock,
    private readonly responsible: MembersAdminPorts['responsible'],
  ) {}

  async list(q: repo.MemberFilter) {
    const { rows, total } = await repo.pageMembers(this.reads, q);
    return pageOf(rows.map(toMemberListItem), total, q);
  }

  async detail(id: number): Promise<MemberDetail> {
    const row = await repo.findMember(this.db, id);
    if (!row) throw refuse('backoffice.member_not_found');
    const [wallets, online, responsible] = await Promise.all([
      repo.walletsOf(this.db, id),
      this.realtime.onlineStatus(id),
      this.responsible.memberSummary(id),
    ]);
    return {
      ...toMemberListItem(row),
      real_name: row.real_name,
      email: row.email,
      invite_code: row.invite_code,
      agent_code: row.agent_code,
      inviter_id: row.inviter_id === null ? null : Number(row.inviter_id),
      inviter_username: row.inviter_username,
      codingvolume: money(row.codingvolume),
      paysum: money(row.paysum),
      totalgame: money(row.totalgame),
      total_withdraw: money(row.total_withdraw),
      wallets: wallets.map((w) => ({ kind: w.kind, balance: money(w.balance) })),
      online: online.is_online === 1,
      responsible_play: responsible,
    };
  }

  /** Sets one flag with a reason, audited before → after; disabling a member ends their sessions. */
  async setFlag(
    memberId: number,
    input: { flag: MemberFlag; value: 0 | 1; reason: string },
    call: OperatorCall,
  ) {
    const revoked = await inTransaction(this.db, async (work) => {
      const flags = await repo.lockMemberFlags(work.tx, memberId);
      if (!flags) throw refuse('backoffice.member_not_found');
      const before = Number(flags[input.flag]);
      if (before === input.value)
        throw refuse('backoffice.member_flag_unchanged', { flag: MEMBER_FLAGS[input.flag] });
      const now = this.clock.now();
      await repo.setMemberFlag(work.tx, memberId, input.flag, input.value, now);
      const ended =
        (input.flag === 'enabled' && input.value === 0) || (input.flag === 'is_black' && input.value === 1)
          ? await repo.revokeSessions(work.tx, memberId, now)
          : [];
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: `member.flag.${input.flag}`,
        targetType: 'member',
        targetId: memberId,
        memberId,
        reason: input.reason,
        detail: {
          before: { [input.flag]: before },
          after: { [input.flag]: input.value },
          sessions_revoked: ended.length,
        },
        ip: call.ip,
      });
      return ended;
    });
    this.events.emit('member.changed', {
      memberId,
      changedFields: [input.flag],
      changeType: 'flags',
      at: this.clock.now(),
    });
    if (revoked.length) this.events.emit('session.revoked', { memberId, sessionIds: revoked });
    return this.detail(memberId);
  }

  /** Replaces the member's tags, audited before → after. */
  async setTags(memberId: number, input: { tags: string[]; reason: string }, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const before = await repo.lockTags(work.tx, memberId);
      if (!before) throw refuse('backoffice.member_not_found');
      const after = [...input.tags].sort();
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      await repo.replaceTags(work.tx, memberId, after, call.operatorId, this.clock.now());
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'member.tags',
        targetType: 'member',
        targetId: memberId,
        memberId,
        reason: input.reason,
        detail: { before: { tags: before }, after: { tags: after } },
        ip: call.ip,
      });
    });
    return this.detail(memberId);
  }

  tags() {
    return repo.tagCounts(this.reads);
  }

  async sessions(memberId: number, q: Paging) {
    const { rows, total } = await repo.pageSessions(this.db, memberId, q, this.clock.now());
    return pageOf(
      rows.map((s) => ({
        id: Number(s.id),
        ip: s.ip,
        user_agent: s.user_agent,
        created_at: iso(s.created_at)!,
        last_seen_at: iso(s.last_seen_at)!,
        expires_at: iso(s.expires_at)!,
        revoked_at: iso(s.revoked_at),
        active: Boolean(s.active),
      })),
      total,
      q,
    );
  }

  async revokeSessions(
    memberId: number,
    input: { session_id?: number | undefined; reason: string },
    call: OperatorCall,
  ) {
    const revoked = await inTransaction(this.db, async (work) => {
      if (!(await repo.lockMemberFlags(work.tx, memberId))) throw refuse('backoffice.member_not_found');
      const ids = await repo.revokeSessions(work.tx, memberId, this.clock.now(), input.session_id);
      if (!ids.length) throw refuse('backoffice.no_sessions_to_end');
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'member.sessions.revoke',
        targetType: 'member',
        targetId: memberId,
        memberId,
        reason: input.reason,
        detail: { session_ids: ids },
        ip: call.ip,
      });
      return ids;
    });
    this.events.emit('session.revoked', { memberId, sessionIds: revoked });
    return { revoked: revoked.length };
  }

  async records(name: RecordName, memberId: number, q: Paging & Record<string, unknown>) {
    const kind: repo.RecordKind = RECORDS[name];
    const extra =
      name === 'ledger' && typeof q.wallet === 'string'
        ? { extraWhere: () => [repo.walletKindFilter(memberId, q.wallet as string)] }
        : {};
    const status = name === 'ledger' ? (q.type as string | undefined) : (q.status as string | undefined);
    const { rows, total } = await repo.pageRecords(this.reads, { ...kind, ...extra }, memberId, {
      ...q,
      status,
    });
    return pageOf(rows.map(MAPPERS[name]), total, q);
  }
}
