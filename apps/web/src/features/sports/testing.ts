import type { Match } from './model.ts';

type Option = Match['markets'][number]['options'][number];

/**
 * Test fixture: an open football match (周六NNN, kick-off and sales close 2026-11-21 12:00Z) with
 * one 胜平负 market of the given options.
 */
export function footballMatch(id: number, options: Option[], overrides: Partial<Match> = {}): Match {
  return {
    id,
    sport_type: 1,
    sport: 'football',
    match_no: `周六${String(id).padStart(3, '0')}`,
    league: { id: 1, code: 'EPL', name: '英超', short_name: '英超', color: '#3d195b' },
    home_team: { id: 1, name: '主队' },
    away_team: { id: 2, name: '客队' },
    kickoff_at: '2026-11-21T12:00:00.000Z',
    sales_close_at: '2026-11-21T12:00:00.000Z',
    status: 'scheduled',
    status_text: '未开赛',
    betting_open: true,
    period: 'NS',
    minute: null,
    clock: '未开赛',
    home_score: 0,
    away_score: 0,
    half_time: null,
    live_betting: false,
    live_suspended: false,
    live_suspend_reason: null,
    markets: [
      {
        play_type: 'football.winDrawLose',
        bet_type: 'winDrawLose',
        name: '胜平负',
        max_passes: 8,
        line: null,
        single: true,
        version: 1,
        options,
        updated_at: '2026-11-21T10:00:00.000Z',
        suspended: false,
      },
    ],
    ...overrides,
  };
}
