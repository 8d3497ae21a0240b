import {
  BETTING_CATEGORIES,
  BETTING_STATUSES,
  comprehensiveFigures,
  findLottery,
  findPlay,
  formatFen,
  LEDGER_TYPE_KEYS,
  LEDGER_TYPES,
  billKind,
  REPORT_CATEGORIES,
  WALLET_NAMES,
  type BettingCategory,
  type BettingStatus,
  type ComprehensiveFigures,
  type GameRoundSums,
  type LedgerType,
  type LedgerTypeSum,
  type ReportCategory,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { DayWindow } from '../../lib/day-window.ts';
import { refuse } from '../../lib/errors.ts';
import type { LedgerEntryRow } from '../ledger/index.ts';
import { passTypeName } from '../sports/index.ts';
import * as repo from './reports.repo.ts';

const SPORT_NAMES: Record<string, string> = { football: '足球', basketball: '篮球' };

const figuresView = (f: ComprehensiveFigures) => ({
  deposits: formatFen(f.deposits),
  withdrawals: formatFen(f.withdrawals),
  bets: formatFen(f.bets),
  payouts: formatFen(f.payouts),
  rebates: formatFen(f.rebates),
  bonuses: formatFen(f.bonuses),
  adjustments: formatFen(f.adjustments),
  profit: formatFen(f.profit),
});

function walletName(kind: string): string {
  return WALLET_NAMES[kind] ?? (kind.startsWith('game:') ? `游戏钱包(${kind.slice(5)})` : kind);
}

function toBill(e: LedgerEntryRow, wallet: string) {
  return {
    id: e.id.toString(),
    type: e.type,
    // A move between two of the member's wallets is one type on both legs: each leg reads from
    // its own wallet's side (the lottery wallet's leg of main → lottery is money in).
    type_text:
      e.type === 'transfer_out' || e.type === 'transfer_in'
        ? e.amount < 0n
          ? '转出'
          : '转入'
        : (LEDGER_TYPES[e.type as LedgerType] ?? e.type),
    kind: billKind(e.type, e.amount),
    wallet,
    wallet_name: walletName(wallet),
    amount: formatFen(e.amount),
    before: formatFen(e.balanceBefore),
    after: formatFen(e.balanceAfter),
    remark: e.remark,
    created_at: e.createdAt.toISOString(),
  };
}

function toBetRecord(r: repo.BetRecordRow) {
  const settled = r.status === 'won' || r.status === 'lost';
  const lottery = r.category === 'lottery' ? findLottery(r.game) : undefined;
  const title =
    r.category === 'sports'
      ? `${SPORT_NAMES[r.game] ?? r.game} ${r.play === 'single' ? '单关' : passTypeName(r.play)}`
      : (lottery?.name ?? r.game);
  const content = r.category === 'sports' ? '竞彩投注' : `${findPlay(r.play)?.name ?? r.play} ${r.codes}`;
  return {
    id: `${r.category}-${r.id}`,
    category: r.category,
    category_name: BETTING_CATEGORIES[r.category],
    record_no: r.record_no,
    title,
    content,
    amount: formatFen(r.amount),
    payout: formatFen(r.payout),
    profit: formatFen(settled ? r.payout - r.amount : 0n),
    status: r.status,
    status_text: BETTING_STATUSES[r.status as BettingStatus] ?? r.status,
    created_at: r.created_at.toISOString(),
    settled_at: r.settled_at ? r.settled_at.toISOString() : null,
    link:
      r.category === 'sports'
        ? `/betPages/order/detail?order_no=${encodeURIComponent(r.record_no)}`
        : `/pages/lottery/lottery-records?code=${encodeURIComponent(r.game)}`,
  };
}

function categoriesView(f: ComprehensiveFigures) {
  return (Object.keys(REPORT_CATEGORIES) as ReportCategory[])
    .filter((c) => c !== 'other' || f.categories.other.bets !== 0n || f.categories.other.payouts !== 0n)
    .map((category) => ({
      category,
      category_name: REPORT_CATEGORIES[category],
      bets: formatFen(f.categories[category].bets),
      payouts: formatFen(f.categories[category].payouts),
      profit: formatFen(f.categories[category].profit),
    }));
}

/** What the report needs of the game records: copying the provider's newest rounds in. */
export interface GameRecordsSync {
  sync(): Promise<unknown>;
}

/**
 * Reports over the member's own data (SPEC.md §7 "Reports"): the comprehensive report from the
 * ledger by type and the settled game rounds in Asia/Shanghai days, betting records across
 * sports and lottery, and bills.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly gameRecords?: GameRecordsSync,
  ) {}

  async comprehensive(memberId: number, w: DayWindow) {
    // The member's latest rounds count at once; should the provider not answer, the report
    // shows the rounds the sync job has already copied.
    await this.gameRecords?.sync().catch(() => undefined);
    const [rows, games] = await Promise.all([
      repo.ledgerSumsByDay(this.db, memberId, w),
      repo.gameSumsByDay(this.db, memberId, w),
    ]);
    const ledgerByDay = new Map<string, LedgerTypeSum[]>();
    for (const r of rows) {
      const day = ledgerByDay.get(r.day) ?? [];
      day.push(r);
      ledgerByDay.set(r.day, day);
    }
    const gamesByDay = new Map<string, GameRoundSums>(games.map((g) => [g.day, g]));
    const allGames = games.reduce(
      (acc, g) => ({ bets: acc.bets + g.bets, payouts: acc.payouts + g.payouts }),
      { bets: 0n, payouts: 0n },
    );
    const summary = comprehensiveFigures(rows, allGames);
    return {
      start_date: w.startDay,
      end_date: w.endDay,
      summary: figuresView(summary),
      categories: categoriesView(summary),
      days: [...new Set([...ledgerByDay.keys(), ...gamesByDay.keys()])]
        .sort()
        .reverse()
        .map((date) => ({
          date,
          ...figuresView(comprehensiveFigures(ledgerByDay.get(date) ?? [], gamesByDay.get(date))),
        })),
    };
  }

  async bills(
    memberId: number,
    q: { type?: LedgerType | undefined; page: number; per_page: number },
    w: DayWindow,
  ) {
    const { rows, total, income, expense, transferNet } = await repo.listBills(this.db, memberId, q.type, w, {
      page: q.page,
      perPage: q.per_page,
    });
    const kinds = await repo.walletKinds(this.db, [...new Set(rows.map((r) => r.walletId))]);
    return {
      list: rows.map((e) => toBill(e, kinds.get(e.walletId) ?? 'main')),
      total,
      page: q.page,
      per_page: q.per_page,
      has_more: q.page * q.per_page < total,
      income: formatFen(income),
      expense: formatFen(expense),
      transfer_net: formatFen(transferNet),
    };
  }

  billTypes() {
    return LEDGER_TYPE_KEYS.map((value) => ({ value, label: LEDGER_TYPES[value] }));
  }

  async bettingRecords(
    memberId: number,
    q: {
      category?: BettingCategory | undefined;
      status?: BettingStatus | undefined;
      page: number;
      per_page: number;
    },
    w: DayWindow,
  ) {
    const { rows, total } = await repo.listBetRecords(
      this.db,
      memberId,
      { category: q.category, status: q.status, range: w },
      { page: q.page, perPage: q.per_page },
    );
    return {
      list: rows.map(toBetRecord),
      total,
      page: q.page,
      per_page: q.per_page,
      has_more: q.page * q.per_page < total,
    };
  }

  async bettingRecord(memberId: number, id: string) {
    const [category, num] = id.split('-') as [BettingCategory, string];
    const row = await repo.findBetRecord(this.db, memberId, category, Number(num));
    if (!row) throw refuse('reports.bet_record_not_found');
    return toBetRecord(row);
  }

  async bettingStats(memberId: number, category: BettingCategory | undefined, w: DayWindow) {
    const rows = await repo.betTotals(this.db, memberId, { category, range: w });
    const totals = (cat?: BettingCategory) => {
      const mine = rows.filter((r) => !cat || r.category === cat);
      const settled = mine.filter((r) => r.status === 'won' || r.status === 'lost');
      const valid = settled.reduce((a, r) => a + r.amount, 0n);
      const payout = settled.reduce((a, r) => a + r.payout, 0n);
      return {
        count: mine.reduce((a, r) => a + r.n, 0),
        amount: formatFen(mine.reduce((a, r) => a + r.amount, 0n)),
        valid_amount: formatFen(valid),
        payout: formatFen(mine.reduce((a, r) => a + r.payout, 0n)),
        profit: formatFen(payout - valid),
        pending_count: mine.filter((r) => r.status === 'pending').reduce((a, r) => a + r.n, 0),
      };
    };
    return {
      start_date: w.startDay,
      end_date: w.endDay,
      ...totals(),
      sports: totals('sports'),
      lottery: totals('lottery'),
    };
  }
}
