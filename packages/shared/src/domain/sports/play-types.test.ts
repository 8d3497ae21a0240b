import { describe, expect, it } from 'vitest';
import {
  formatLine,
  optionName,
  parseLine,
  PLAY_TYPE_IDS,
  PLAY_TYPES,
  playTypeOf,
  sportFromTypeId,
  type PlayTypeId,
} from './play-types.ts';

const keys = (id: PlayTypeId) => PLAY_TYPES[id].options.map((o) => o.key);
const names = (id: PlayTypeId) => PLAY_TYPES[id].options.map((o) => o.name);

describe('play types', () => {
  it('has the nine play types with their max passes 8/8/6/4/4 and 8/8/4/8', () => {
    expect(Object.fromEntries(PLAY_TYPE_IDS.map((id) => [id, PLAY_TYPES[id].maxPasses]))).toEqual({
      'football.winDrawLose': 8,
      'football.handicap': 8,
      'football.totalGoals': 6,
      'football.score': 4,
      'football.halfFullTime': 4,
      'basketball.win-lose': 8,
      'basketball.handicap': 8,
      'basketball.score-diff': 4,
      'basketball.total-score': 8,
    });
  });

  it('names each play type in Chinese', () => {
    expect(PLAY_TYPE_IDS.map((id) => PLAY_TYPES[id].name)).toEqual([
      '胜平负',
      '让球胜平负',
      '总进球',
      '比分',
      '半全场',
      '胜负',
      '让分胜负',
      '胜分差',
      '大小分',
    ]);
  });

  it('gives every option a unique key within its play type', () => {
    for (const id of PLAY_TYPE_IDS) expect(new Set(keys(id)).size).toBe(keys(id).length);
  });

  it('lists the football options', () => {
    expect(names('football.winDrawLose')).toEqual(['胜', '平', '负']);
    expect(names('football.handicap')).toEqual(['让胜', '让平', '让负']);
    expect(keys('football.totalGoals')).toEqual(['0', '1', '2', '3', '4', '5', '6', '7+']);
    expect(names('football.halfFullTime')).toEqual([
      '胜胜',
      '胜平',
      '胜负',
      '平胜',
      '平平',
      '平负',
      '负胜',
      '负平',
      '负负',
    ]);
  });

  it('lists the 31 score options: 13 home wins, 5 draws, 13 away wins with other buckets', () => {
    const scoreKeys = keys('football.score');
    expect(scoreKeys).toHaveLength(31);
    expect(scoreKeys.slice(0, 13)).toEqual([
      '1:0',
      '2:0',
      '2:1',
      '3:0',
      '3:1',
      '3:2',
      '4:0',
      '4:1',
      '4:2',
      '5:0',
      '5:1',
      '5:2',
      'other_h',
    ]);
    expect(scoreKeys.slice(13, 18)).toEqual(['0:0', '1:1', '2:2', '3:3', 'other_d']);
    expect(scoreKeys.slice(18)).toEqual([
      '0:1',
      '0:2',
      '1:2',
      '0:3',
      '1:3',
      '2:3',
      '0:4',
      '1:4',
      '2:4',
      '0:5',
      '1:5',
      '2:5',
      'other_a',
    ]);
    expect([optionName('football.score', 'other_h'), optionName('football.score', 'other_d')]).toEqual([
      '胜其他',
      '平其他',
    ]);
    expect(optionName('football.score', 'other_a')).toBe('负其他');
  });

  it('lists the basketball options', () => {
    expect(names('basketball.win-lose')).toEqual(['主胜', '主负']);
    expect(names('basketball.handicap')).toEqual(['让分主胜', '让分主负']);
    expect(names('basketball.total-score')).toEqual(['大', '小']);
    expect(keys('basketball.score-diff')).toEqual([
      'h1-5',
      'h6-10',
      'h11-15',
      'h16-20',
      'h21-25',
      'h26+',
      'a1-5',
      'a6-10',
      'a11-15',
      'a16-20',
      'a21-25',
      'a26+',
    ]);
    expect(optionName('basketball.score-diff', 'a26+')).toBe('客胜26+');
  });

  it('pairs a bet type with its sport', () => {
    expect(playTypeOf('football', 'handicap')?.id).toBe('football.handicap');
    expect(playTypeOf('basketball', 'handicap')?.id).toBe('basketball.handicap');
    expect(playTypeOf('basketball', 'winDrawLose')).toBeNull();
    expect(playTypeOf('football', 'total-score')).toBeNull();
  });

  it('maps sport_type 1 and 2 and refuses the rest', () => {
    expect([sportFromTypeId(1), sportFromTypeId(2), sportFromTypeId(3), sportFromTypeId(0)]).toEqual([
      'football',
      'basketball',
      null,
      null,
    ]);
  });
});

describe('lines', () => {
  it('reads football handicaps as whole goals in half-points', () => {
    expect(parseLine('football.handicap', '-1')).toBe(-2);
    expect(parseLine('football.handicap', '+2')).toBe(4);
    expect(parseLine('football.handicap', '1')).toBe(2);
    expect(parseLine('football.handicap', '0')).toBe(0);
    expect(parseLine('football.handicap', '-1.5')).toBeNull();
    expect(parseLine('football.handicap', '-1.0')).toBe(-2);
  });

  it('reads basketball handicaps only on half points', () => {
    expect(parseLine('basketball.handicap', '-5.5')).toBe(-11);
    expect(parseLine('basketball.handicap', '+3.5')).toBe(7);
    expect(parseLine('basketball.handicap', '-5')).toBeNull();
    expect(parseLine('basketball.handicap', '0.5')).toBe(1);
  });

  it('reads totals as positive half points', () => {
    expect(parseLine('basketball.total-score', '215.5')).toBe(431);
    expect(parseLine('basketball.total-score', '215')).toBeNull();
    expect(parseLine('basketball.total-score', '-215.5')).toBeNull();
  });

  it('refuses lines on play types without one and malformed text', () => {
    expect(parseLine('football.winDrawLose', '-1')).toBeNull();
    expect(parseLine('basketball.handicap', 'abc')).toBeNull();
    expect(parseLine('basketball.handicap', '-5.25')).toBeNull();
    expect(parseLine('basketball.handicap', '')).toBeNull();
  });

  it('prints lines back', () => {
    expect(formatLine('football.handicap', -2)).toBe('-1');
    expect(formatLine('football.handicap', 2)).toBe('+1');
    expect(formatLine('basketball.handicap', -11)).toBe('-5.5');
    expect(formatLine('basketball.total-score', 431)).toBe('215.5');
  });
});
