import { describe, expect, it } from 'vitest';
import type { BetSelection } from './picks.ts';
import type { MatchResult } from './results.ts';
import { betModeSchema, betSelectionSchema, matchResultSchema } from './schemas.ts';

describe('schemas', () => {
  it('parses a selection into the engine type', () => {
    const parsed: BetSelection = betSelectionSchema.parse({
      matchId: '1001',
      sport: 'basketball',
      betType: 'handicap',
      option: 'h',
      odds: '1.75',
      line: '-5.5',
    });
    expect(parsed.line).toBe('-5.5');
    expect(
      betSelectionSchema.safeParse({
        matchId: '1',
        sport: 'tennis',
        betType: 'win-lose',
        option: 'h',
        odds: '1.5',
      }).success,
    ).toBe(false);
    expect(
      betSelectionSchema.safeParse({
        matchId: '1',
        sport: 'football',
        betType: 'winDrawLose',
        option: 'h',
        odds: 1.5,
      }).success,
    ).toBe(false);
  });

  it('parses match results of both sports and the void states', () => {
    const results: MatchResult[] = [
      matchResultSchema.parse({
        status: 'finished',
        sport: 'football',
        fullTime: { home: 2, away: 1 },
        halfTime: { home: 1, away: 1 },
      }),
      matchResultSchema.parse({ status: 'finished', sport: 'basketball', final: { home: 101, away: 99 } }),
      matchResultSchema.parse({ status: 'cancelled' }),
    ];
    expect(results).toHaveLength(3);
    expect(
      matchResultSchema.safeParse({ status: 'finished', sport: 'football', fullTime: { home: 2, away: 1 } })
        .success,
    ).toBe(false);
    expect(
      matchResultSchema.safeParse({ status: 'finished', sport: 'basketball', final: { home: -1, away: 0 } })
        .success,
    ).toBe(false);
    expect(betModeSchema.safeParse('parlay').success).toBe(false);
  });
});
