import { describe, expect, it } from 'vitest';
import { feedResultOf, resultKey, resultText } from './feed-corrections.service.ts';
import type { FeedMatchState } from './feed/feed.ts';

const football = {
  status: 'finished',
  sport: 'football',
  fullTime: { home: 2, away: 1 },
  halfTime: { home: 1, away: 0 },
} as const;

describe('a result in one word (赛果更正提醒 compare and record by it)', () => {
  it('tells scores apart, half time included for football', () => {
    expect(resultKey(football)).toBe('finished:2:1/1:0');
    expect(resultKey({ ...football, halfTime: { home: 0, away: 0 } })).toBe('finished:2:1/0:0');
    expect(resultKey({ status: 'finished', sport: 'basketball', final: { home: 110, away: 102 } })).toBe(
      'finished:110:102',
    );
  });

  it('is one word for every called-off match (the feed’s 取消, the 36 h rule, an operator’s void)', () => {
    expect(resultKey({ status: 'cancelled' })).toBe('void');
    expect(resultKey({ status: 'void' })).toBe('void');
    expect(resultKey({ status: 'pending' })).toBeNull();
    expect(resultKey(null)).toBeNull();
  });

  it('reads as the console shows it', () => {
    expect(resultText(football)).toBe('全场 2:1（半场 1:0）');
    expect(resultText({ status: 'cancelled', reason: '赛事取消', by: 'feed:settlement' })).toBe('取消/作废');
    expect(resultText({ nonsense: true })).toBe('—');
  });

  it('takes a feed state’s result only once it is over', () => {
    const state = {
      status: 'finished',
      score: { home: 2, away: 2 },
      halfTime: { home: 1, away: 0 },
    } as Pick<FeedMatchState, 'status' | 'score' | 'halfTime'> as FeedMatchState;
    expect(resultKey(feedResultOf('football', state))).toBe('finished:2:2/1:0');
    expect(feedResultOf('football', { ...state, status: 'live' })).toBeNull();
    expect(feedResultOf('basketball', { ...state, status: 'cancelled' })).toEqual({ status: 'cancelled' });
  });
});
