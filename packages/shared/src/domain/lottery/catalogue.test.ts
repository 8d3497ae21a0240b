import { describe, expect, it } from 'vitest';
import { validateBetCodes } from './bet-codes.ts';
import { playGroupsOf, playInfo } from './catalogue.ts';
import { FAMILY_CODES } from './families.ts';
import { allPlays, findPlay, playsOf } from './plays/index.ts';

describe('play catalogue', () => {
  it('serialises every play without losing its odds or picker', () => {
    for (const play of allPlays()) {
      const info = JSON.parse(JSON.stringify(playInfo(play))) as ReturnType<typeof playInfo>;
      expect(info.code).toBe(play.code);
      expect(info.input.kind).toBe(play.input.kind);
      expect(info.odds.map((o) => o.oddsX100)).toEqual(play.odds.map((o) => o.oddsX100));
    }
    expect(playInfo(findPlay('k3_dxds')!).odds[0]).toEqual({
      key: '大',
      label: '大',
      oddsX100: 199,
      odds: '1.99',
      probability: '35/72',
    });
  });

  it('each play example is a valid bet', () => {
    for (const play of allPlays()) {
      const result = validateBetCodes(play, play.example);
      expect(result.ok ? 'ok' : `${play.code}: ${result.message}`).toBe('ok');
    }
  });

  it('groups plays into tabs in order without dropping any', () => {
    for (const family of FAMILY_CODES) {
      const groups = playGroupsOf(family);
      expect(groups.flatMap((g) => g.plays.map((p) => p.code))).toEqual(playsOf(family).map((p) => p.code));
    }
    expect(playGroupsOf('k3').map((g) => g.group)).toEqual([
      '和值',
      '两面',
      '三同号',
      '二同号',
      '不同号',
      '三连号',
    ]);
  });

  it('builds 六合彩 odds for the zodiac year asked for', () => {
    const horse = findPlay('lhc_tx', { zodiacOfOne: '马' })!;
    const snake = findPlay('lhc_tx', { zodiacOfOne: '蛇' })!;
    expect(horse.odds.find((o) => o.key === '马')!.oddsX100).toBe(950);
    expect(snake.odds.find((o) => o.key === '马')!.oddsX100).toBe(1_188);
    expect(findPlay('lhc_tx', { zodiacOfOne: '马' })).toBe(horse);
    expect(findPlay('nope')).toBeUndefined();
  });

  it('derives every odds line from the configured return', () => {
    const lower = findPlay('ssc_dwd', { returnBp: 9_000 })!;
    expect(lower.odds[0]!.oddsX100).toBe(900);
  });
});
