import { GAME_SESSION_TTL_MS, type GameDataView } from '@app/shared';

/** Game data is used only while younger than 5 minutes (SPEC.md §3); after that a new one is asked for. */
export function isGameDataFresh(
  data: Pick<GameDataView, 'timestamp'> | undefined,
  nowMs = Date.now(),
): boolean {
  return Boolean(data) && nowMs - data!.timestamp * 1000 < GAME_SESSION_TTL_MS;
}

export const gamePagePath = (code: string) => `/pages/game/game?code=${encodeURIComponent(code)}`;

/** A Beijing calendar day (the server's report day), `offset` days from today, as YYYY-MM-DD. */
export function beijingDay(offset = 0, nowMs = Date.now()): string {
  return new Date(nowMs + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

export type RecordRange = 'today' | 'yesterday' | 'week' | 'month';
export const RECORD_RANGES: Array<{ key: RecordRange; title: string }> = [
  { key: 'today', title: '今天' },
  { key: 'yesterday', title: '昨天' },
  { key: 'week', title: '近7天' },
  { key: 'month', title: '近30天' },
];

export function rangeDates(range: RecordRange, nowMs = Date.now()): { start_date: string; end_date: string } {
  switch (range) {
    case 'today':
      return { start_date: beijingDay(0, nowMs), end_date: beijingDay(0, nowMs) };
    case 'yesterday':
      return { start_date: beijingDay(-1, nowMs), end_date: beijingDay(-1, nowMs) };
    case 'week':
      return { start_date: beijingDay(-6, nowMs), end_date: beijingDay(0, nowMs) };
    case 'month':
      return { start_date: beijingDay(-29, nowMs), end_date: beijingDay(0, nowMs) };
  }
}
