import {
  calculateItemCount,
  currentPeriod,
  findLottery,
  findPlay,
  LOTTERY_UNIT_MODES,
  playContextForPeriod,
  type LotteryPlay,
  type LotteryPlayView,
  type LotteryUnitMode,
} from '@app/shared';

/** §8 failure messages of the lottery store (SPEC.md), shown with the server's reason. */
export const FAILURES = {
  list: '获取彩票列表失败',
  detail: '获取彩票详情失败',
  expect: '获取期号信息失败',
  openCode: '获取开奖号码失败',
  history: '获取历史开奖号码失败',
  plays: '获取玩法分组失败',
  bets: '获取投注记录失败',
  stats: '获取投注统计失败',
  bet: '投注失败',
  cancel: '撤单失败',
  batchCancel: '批量撤单失败',
} as const;

export const gamePath = (code: string) => `/pages/lottery/lottery-game?code=${encodeURIComponent(code)}`;
export const detailPath = (code: string) => `/pages/lottery/lottery-detail?code=${encodeURIComponent(code)}`;
export const recordsPath = (code?: string) =>
  `/pages/lottery/lottery-records${code ? `?code=${encodeURIComponent(code)}` : ''}`;
export const verifyPath = (code?: string, expect?: string) => {
  const query = new URLSearchParams();
  if (code) query.set('code', code);
  if (expect) query.set('expect', expect);
  const text = query.toString();
  return `/pages/lottery/lottery-verify${text ? `?${text}` : ''}`;
};

/** What the member has picked for one play: picks, per position, or per group. */
export type PickState = Record<string, readonly string[]>;

export const fieldKey = {
  picks: 'p',
  position: (position: number) => `pos:${position}`,
  group: (index: number) => `g:${index}`,
};

/** Bet code text of the current picks, in the format the shared rules parse. */
export function codesOf(play: LotteryPlayView, picks: PickState): string {
  const { input } = play;
  switch (input.kind) {
    case 'picks':
      return (picks[fieldKey.picks] ?? []).join(',');
    case 'positions':
      return input.positions
        .map((p) => ({ position: p.position, keys: picks[fieldKey.position(p.position)] ?? [] }))
        .filter((p) => p.keys.length > 0)
        .map((p) => `${p.position}:${p.keys.join(',')}`)
        .join('|');
    case 'groups':
      return input.groups.map((_, i) => (picks[fieldKey.group(i)] ?? []).join(',')).join('|');
  }
}

/** The rules object of a play for bets on a lottery now (六合彩: this period's zodiac year). */
export function rulesOf(lotteryCode: string, playCode: string, atMs: number): LotteryPlay | undefined {
  const config = findLottery(lotteryCode);
  if (!config) return undefined;
  return findPlay(playCode, playContextForPeriod(config, currentPeriod(config, atMs)));
}

/** 注数 of bet codes by the shared rules; 0 with the rules' message when not a valid bet yet. */
export function itemsOf(
  rules: LotteryPlay | undefined,
  codes: string,
): { items: number; message: string | null } {
  if (!rules || codes.replace(/[|,:\s]/g, '') === '') return { items: 0, message: null };
  const result = calculateItemCount(rules, codes);
  return result.ok ? { items: result.itemCount, message: null } : { items: 0, message: result.message };
}

/** "两面·大小单双", or just the name when the tab has the same name ("和值"). */
export const playTitle = (group: string, name: string): string =>
  !group || group === name ? name : `${group}·${name}`;

/** Bet codes for reading: positions by name ("冠军 03,07 · 亚军 05"), groups split by " | ". */
export function codesText(playCode: string, codes: string): string {
  const input = findPlay(playCode)?.input;
  if (input?.kind === 'positions') {
    return codes
      .split('|')
      .map((segment) => {
        const [position, picks = ''] = segment.split(':');
        const label = input.positions.find((p) => p.position === Number(position))?.label ?? position;
        return `${label} ${picks}`;
      })
      .join(' · ');
  }
  return input?.kind === 'groups' ? codes.split('|').join(' | ') : codes;
}

/** How a line's unit reads after "N注 × M倍": nothing for 元, the mode otherwise. */
export const UNIT_SUFFIX: Record<LotteryUnitMode, string> = { yuan: '', jiao: ' · 角模式', fen: ' · 分模式' };

export const UNITS: ReadonlyArray<{ mode: LotteryUnitMode; label: string }> = [
  { mode: 'yuan', label: '元' },
  { mode: 'jiao', label: '角' },
  { mode: 'fen', label: '分' },
];

export const unitFen = (mode: LotteryUnitMode): bigint => LOTTERY_UNIT_MODES[mode];

/** One line of the bet slip. */
export interface SlipLine {
  id: string;
  playCode: string;
  playName: string;
  codes: string;
  items: number;
  multiple: number;
  unit: LotteryUnitMode;
  amountFen: bigint;
}

/** "mm:ss", "hh:mm:ss" or "d天hh:mm:ss" from milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}天${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  if (hours > 0) return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return `${pad(minutes)}:${pad(seconds)}`;
}
