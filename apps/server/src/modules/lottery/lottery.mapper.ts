import {
  findLottery,
  findPlay,
  formatFen,
  formatOdds,
  LOTTERY_BET_STATUS_TEXT,
  LOTTERY_FAMILIES,
  LOTTERY_UNIT_MODES,
  periodByNumber,
  PERIOD_STATUS_TEXT,
  playContextForPeriod,
  type LotteryBetView,
  type LotteryConfig,
  type LotteryPeriod,
  type LotteryPeriodView,
  type LotteryPlay,
  type LotteryPlayView,
  type PickField,
  type PlayInfo,
  type LotteryUnitMode,
  type LotteryView,
  type PeriodStatusView,
  voidByLabel,
} from '@app/shared';
import { refuse } from '../../lib/errors.ts';
import type { BetRow, PeriodRow } from './lottery.repo.ts';

/** The config of a lottery code, or 404. */
export function lotteryOf(code: string): LotteryConfig {
  const config = findLottery(code);
  if (!config) throw refuse('lottery.not_found');
  return config;
}

/** The schedule's view of a stored period (what play contexts and bets are computed from). */
export function schedulePeriodOf(config: LotteryConfig, row: PeriodRow): LotteryPeriod {
  return (
    periodByNumber(config, row.number) ?? {
      lottery: row.lotteryCode,
      number: row.number,
      sequence: 0,
      openAt: row.openAt.getTime(),
      closeAt: row.closeAt.getTime(),
      drawAt: row.drawAt.getTime(),
    }
  );
}

/** The play of a period (六合彩 zodiacs follow the period's lunar year), or undefined. */
export function playOf(
  config: LotteryConfig,
  playCode: string,
  period: LotteryPeriod,
): LotteryPlay | undefined {
  const play = findPlay(playCode, playContextForPeriod(config, period));
  return play?.family === config.family ? play : undefined;
}

/** Stored state, or what the clock says while the scheduler has not caught up. */
export function periodStatusAt(row: PeriodRow, nowMs: number): PeriodStatusView {
  if (row.status === 'drawn' || row.status === 'cancelled') return row.status;
  if (nowMs < row.openAt.getTime()) return 'pending';
  if (nowMs < row.closeAt.getTime() && row.status !== 'closed') return 'open';
  if (nowMs < row.drawAt.getTime()) return 'closed';
  return 'drawing';
}

/** Bets are taken only in the stored and actual open window. */
export function acceptsBets(row: PeriodRow, nowMs: number): boolean {
  return (
    (row.status === 'pending' || row.status === 'open') &&
    nowMs >= row.openAt.getTime() &&
    nowMs < row.closeAt.getTime()
  );
}

export function toPeriodView(row: PeriodRow, nowMs: number): LotteryPeriodView {
  const status = periodStatusAt(row, nowMs);
  const drawn = row.status === 'drawn';
  return {
    code: row.lotteryCode,
    expect: row.number,
    status,
    status_text: PERIOD_STATUS_TEXT[status],
    open_at: row.openAt.toISOString(),
    close_at: row.closeAt.toISOString(),
    draw_at: row.drawAt.toISOString(),
    commitment: row.commitment,
    // The seed stays secret until the draw has been published.
    seed: drawn ? row.seed : null,
    open_code: drawn ? row.openCode : null,
    drawn_at: drawn && row.drawnAt ? row.drawnAt.toISOString() : null,
    settled: row.settledAt !== null,
    cancel_reason: row.cancelReason,
  };
}

export function scheduleText(config: LotteryConfig): string {
  const { schedule } = config;
  if (schedule.kind === 'interval') {
    const s = schedule.intervalSeconds;
    return s % 60 === 0 ? `每${s / 60}分钟一期` : `每${s}秒一期`;
  }
  const names = ['日', '一', '二', '三', '四', '五', '六'];
  return `每周${schedule.weekdays.map((d) => names[d]).join('、')} ${schedule.drawTime} 开奖`;
}

export function toLotteryView(
  config: LotteryConfig,
  current: PeriodRow | undefined,
  latest: PeriodRow | undefined,
  nowMs: number,
): LotteryView {
  return {
    code: config.code,
    name: config.name,
    type: config.family,
    type_name: LOTTERY_FAMILIES[config.family].name,
    schedule_text: scheduleText(config),
    interval_seconds: config.schedule.kind === 'interval' ? config.schedule.intervalSeconds : null,
    close_seconds: config.closeSeconds,
    current: current ? toPeriodView(current, nowMs) : null,
    latest: latest ? toPeriodView(latest, nowMs) : null,
  };
}

export function unitModeOf(unitFen: bigint): LotteryUnitMode {
  const found = (Object.keys(LOTTERY_UNIT_MODES) as LotteryUnitMode[]).find(
    (mode) => LOTTERY_UNIT_MODES[mode] === unitFen,
  );
  return found ?? 'yuan';
}

export function toBetView(bet: BetRow, period: PeriodRow, nowMs: number): LotteryBetView {
  const config = findLottery(bet.lotteryCode);
  const play = config ? playOf(config, bet.playCode, schedulePeriodOf(config, period)) : undefined;
  return {
    id: bet.id,
    bet_no: bet.betNo,
    lottery_code: bet.lotteryCode,
    lottery_name: config?.name ?? bet.lotteryCode,
    expect: period.number,
    play_code: bet.playCode,
    play_name: play?.name ?? bet.playCode,
    play_group: play?.group ?? '',
    bet_codes: bet.codes,
    item_count: bet.itemCount,
    multiple: bet.multiple,
    unit: unitModeOf(bet.unitFen),
    amount: formatFen(bet.amount),
    odds: Object.fromEntries(Object.entries(bet.odds).map(([key, x100]) => [key, formatOdds(x100)])),
    status: bet.status,
    status_text: LOTTERY_BET_STATUS_TEXT[bet.status],
    payout: formatFen(bet.payout),
    winning_items: bet.winningItems,
    open_code: period.status === 'drawn' ? period.openCode : null,
    cancellable: bet.status === 'pending' && acceptsBets(period, nowMs),
    cancel_reason: bet.cancelReason,
    void_by: bet.cancelledBy === null ? null : voidByLabel(bet.cancelledBy),
    voided_at: bet.cancelledBy === null || !bet.settledAt ? null : bet.settledAt.toISOString(),
    created_at: bet.createdAt.toISOString(),
    settled_at: bet.settledAt ? bet.settledAt.toISOString() : null,
  };
}

function toPickFieldView(field: PickField) {
  return {
    label: field.label,
    options: field.options.map((o) => ({ key: o.key, label: o.label, value: o.value })),
    numeric: field.numeric,
    minPicks: field.minPicks,
    maxPicks: field.maxPicks,
    exclusive: field.exclusive.map(([a, b]): [string, string] => [a, b]),
  };
}

/** A play's description as JSON (the engine's PlayInfo, copied into plain arrays). */
export function toPlayView(info: PlayInfo): LotteryPlayView {
  const { input } = info;
  return {
    code: info.code,
    family: info.family,
    group: info.group,
    name: info.name,
    rule: info.rule,
    example: info.example,
    input:
      input.kind === 'picks'
        ? { kind: 'picks', field: toPickFieldView(input.field) }
        : input.kind === 'positions'
          ? {
              kind: 'positions',
              positions: input.positions.map((p) => ({ position: p.position, label: p.label })),
              field: toPickFieldView(input.field),
            }
          : { kind: 'groups', groups: input.groups.map(toPickFieldView) },
    odds: info.odds.map((o) => ({ ...o })),
  };
}
