import {
  currentPeriod,
  FAMILY_CODES,
  hotCold,
  LOTTERY_FAMILIES,
  numberMissing,
  openCodeNumbers,
  playContextForPeriod,
  playGroupsOf,
  playInfo,
  positionMissing,
  verifyDraw,
  type FamilyCode,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import {
  lotteryOf,
  playOf,
  schedulePeriodOf,
  toLotteryView,
  toPeriodView,
  toPlayView,
} from './lottery.mapper.ts';
import { lotteriesOnSale, lotteryAsSet } from './catalog.ts';
import * as repo from './lottery.repo.ts';
import { listNotices } from './bets.repo.ts';
import { pageOf } from '../../lib/paging.ts';

export const DRAW_ALGORITHM =
  'commitment = SHA-256(seed)；第 i 块 = HMAC-SHA-256(key = seed, message = "<期号>:<i>")；' +
  '逐字节取值，uniform(n) 取字节 b < 256 − 256 mod n 时的 b mod n（拒绝采样，无取模偏差）；' +
  '快3、时时彩每个号码 = 最小值 + uniform(个数)（快3 再从小到大排序）；' +
  'PK10、11选5、六合彩对号码池做 Fisher–Yates 洗牌取前 N 个。';

/** Lotteries, periods, open codes, plays, trends and draw verification: public reads. */
export class LotteryService {
  constructor(
    private readonly db: Db,
    /**
     * Drawn periods (open codes, history, trends, settlement progress, verification) read here (Core.reads); what is on
     * sale now, which a member bets from, reads the primary.
     */
    private readonly reads: Db,
    private readonly clock: Clock,
  ) {}

  async list(type?: FamilyCode) {
    const onSale = lotteriesOnSale(await repo.gameRows(this.db));
    const configs = onSale.filter((l) => !type || l.family === type);
    const now = this.clock.now();
    const { current, latest } = await repo.currentAndLatest(
      this.db,
      configs.map((c) => c.code),
      now,
    );
    return {
      list: configs.map((c) => toLotteryView(c, current.get(c.code), latest.get(c.code), now.getTime())),
      categories: FAMILY_CODES.map((family) => ({
        type: family,
        name: LOTTERY_FAMILIES[family].name,
        description: LOTTERY_FAMILIES[family].description,
        count: onSale.filter((l) => l.family === family).length,
      })),
      server_time: now.getTime(),
    };
  }

  async detail(code: string) {
    lotteryOf(code);
    const config = lotteryAsSet(code, await repo.gameRows(this.db))!;
    const now = this.clock.now();
    const [current, latest] = await Promise.all([
      repo.periodAt(this.db, code, now),
      repo.latestDrawn(this.db, code),
    ]);
    const family = LOTTERY_FAMILIES[config.family];
    const ctx = playContextForPeriod(config, currentPeriod(config, now.getTime()));
    return {
      ...toLotteryView(config, current, latest, now.getTime()),
      description: family.description,
      positions: [...family.positions],
      shape: { ...family.shape },
      play_count: playGroupsOf(config.family, ctx).reduce((n, g) => n + g.plays.length, 0),
      server_time: now.getTime(),
    };
  }

  async currentExpect(code: string) {
    lotteryOf(code);
    const now = this.clock.now();
    const [current, previous, next] = await Promise.all([
      repo.periodAt(this.db, code, now),
      repo.previousPeriod(this.db, code, now),
      repo.nextPeriod(this.db, code, now),
    ]);
    const t = now.getTime();
    return {
      code,
      current: current ? toPeriodView(current, t) : null,
      previous: previous ? toPeriodView(previous, t) : null,
      next: next ? toPeriodView(next, t) : null,
      server_time: t,
    };
  }

  private async period(code: string, expect: string): Promise<repo.PeriodRow> {
    lotteryOf(code);
    const row = await repo.findPeriod(this.reads, code, expect);
    if (!row) throw refuse('lottery.period_not_found', { period: expect });
    return row;
  }

  async openCode(code: string, expect: string) {
    return toPeriodView(await this.period(code, expect), this.clock.now().getTime());
  }

  async latestOpenCode(code: string) {
    lotteryOf(code);
    const row = await repo.latestDrawn(this.reads, code);
    return row ? toPeriodView(row, this.clock.now().getTime()) : null;
  }

  async history(code: string, query: { page: number; per_page: number }) {
    lotteryOf(code);
    const { rows, total } = await repo.history(this.reads, code, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    const now = this.clock.now().getTime();
    return pageOf(
      rows.map((r) => toPeriodView(r, now)),
      total,
      query,
    );
  }

  /** How far a period's settlement has come (counts only, no amounts). */
  async settlementStats(code: string, expect: string | undefined) {
    lotteryOf(code);
    const row = expect
      ? await this.period(code, expect)
      : await repo.previousPeriod(this.reads, code, this.clock.now());
    if (!row) throw refuse('lottery.no_draw_yet');
    const counts = await repo.betCountsOfPeriod(this.reads, row.id);
    const n = (status: string) => counts[status] ?? 0;
    const bets = Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      code,
      expect: row.number,
      status: toPeriodView(row, this.clock.now().getTime()).status,
      settled: row.settledAt !== null,
      bets,
      pending: n('pending'),
      won: n('won'),
      lost: n('lost'),
      cancelled: n('cancelled'),
      refunded: n('refunded'),
      settled_at: row.settledAt ? row.settledAt.toISOString() : null,
    };
  }

  /** Play groups (玩法分组) for bets on the current period. */
  async plays(code: string) {
    const config = lotteryOf(code);
    const now = this.clock.now();
    const stored = await repo.periodAt(this.db, code, now);
    const period = stored ? schedulePeriodOf(config, stored) : currentPeriod(config, now.getTime());
    return {
      code,
      type: config.family,
      expect: stored?.number ?? null,
      groups: playGroupsOf(config.family, playContextForPeriod(config, period)).map((g) => ({
        group: g.group,
        plays: g.plays.map(toPlayView),
      })),
    };
  }

  playDetail(code: string, playCode: string) {
    const config = lotteryOf(code);
    const play = playOf(config, playCode, currentPeriod(config, this.clock.now().getTime()));
    if (!play) throw refuse('lottery.play_not_found');
    return toPlayView(playInfo(play));
  }

  /** History with 遗漏 (missing counts) and hot/cold numbers. */
  async trend(code: string, limit: number) {
    const config = lotteryOf(code);
    const { rows } = await repo.history(this.reads, code, { limit, offset: 0 }, true);
    const codes = rows.map((r) => r.openCode!);
    const family = config.family;
    const hc = hotCold(family, codes, { window: Math.min(limit, 30), size: 5 });
    return {
      code,
      type: family,
      positions: [...LOTTERY_FAMILIES[family].positions],
      history: rows.map((r) => ({
        expect: r.number,
        open_code: r.openCode!,
        numbers: [...openCodeNumbers(family, r.openCode!)],
      })),
      missing: numberMissing(family, codes).map((m) => ({ ...m })),
      position_missing: positionMissing(family, codes).map((p) => ({
        position: p.position,
        label: p.label,
        stats: p.stats.map((m) => ({ ...m })),
      })),
      hot_cold: {
        draws: hc.draws,
        hot: [...hc.hot],
        cold: [...hc.cold],
        counts: hc.counts.map((c) => ({ ...c })),
      },
    };
  }

  /** Public verification: the seed against its commitment and the open code it derives. */
  async verify(code: string, expect: string) {
    const config = lotteryOf(code);
    const row = await this.period(code, expect);
    const base = {
      code,
      type: config.family,
      expect: row.number,
      commitment: row.commitment,
      algorithm: DRAW_ALGORITHM,
    };
    if (row.status !== 'drawn' || !row.openCode || !row.seed) {
      return {
        ...base,
        seed: null,
        open_code: null,
        recomputed_open_code: null,
        verified: false,
        message:
          row.status === 'cancelled'
            ? (row.cancelReason ?? '本期已取消')
            : '本期尚未开奖，种子将在开奖时公布，届时可验证',
      };
    }
    const check = verifyDraw(config.family, row.seed, row.commitment, row.number, row.openCode);
    return {
      ...base,
      seed: row.seed,
      open_code: row.openCode,
      recomputed_open_code: check.ok ? check.openCode : (check.expected ?? null),
      verified: check.ok,
      message: check.ok ? '验证通过：种子与承诺值相符，开奖号码由种子推导得出' : check.message,
    };
  }

  async notices(memberId: number, query: { page: number; per_page: number }) {
    const { rows, total } = await listNotices(this.db, memberId, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return pageOf(
      rows.map((r) => ({
        id: r.notice.id,
        lottery_code: r.code,
        expect: r.number,
        title: r.notice.title,
        content: r.notice.content,
        created_at: r.notice.createdAt.toISOString(),
      })),
      total,
      query,
    );
  }
}
