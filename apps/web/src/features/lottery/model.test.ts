import { allPlays, calculateItemCount, playInfo, type LotteryPlayView } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { codesOf, codesText, fieldKey, formatCountdown, itemsOf, playTitle } from './model.ts';
import { randomIndex, randomPick, randomSubset } from './random-pick.ts';
import { createLotteryTokenCheck, type TokenAnswer } from './token-check.ts';

/** The engine's play description as the API sends it (plain JSON). */
const view = (play: ReturnType<typeof allPlays>[number]) =>
  JSON.parse(JSON.stringify(playInfo(play))) as LotteryPlayView;

describe('bet codes from the pickers', () => {
  it('writes picks, positions and groups the way the shared rules parse them', () => {
    const plays = new Map(allPlays().map((p) => [p.code, p]));
    const hz = view(plays.get('k3_hz')!);
    expect(codesOf(hz, { [fieldKey.picks]: ['4', '10'] })).toBe('4,10');
    const dwd = view(plays.get('pk10_dwd')!);
    expect(codesOf(dwd, { [fieldKey.position(1)]: ['03', '07'], [fieldKey.position(3)]: ['05'] })).toBe(
      '1:03,07|3:05',
    );
    const q3 = view(plays.get('ssc_q3zx')!);
    const codes = codesOf(q3, {
      [fieldKey.group(0)]: ['1', '2'],
      [fieldKey.group(1)]: ['3'],
      [fieldKey.group(2)]: ['4'],
    });
    expect(codes).toBe('1,2|3|4');
    expect(itemsOf(plays.get('ssc_q3zx'), codes)).toEqual({ items: 2, message: null });
    expect(itemsOf(plays.get('k3_hz'), '')).toEqual({ items: 0, message: null });
    expect(itemsOf(plays.get('k3_sbth'), '1,2').message).toBe('至少选择3个号码');
  });

  it('reads codes with position names and play titles without repeats', () => {
    expect(codesText('pk10_dwd', '1:03,07|2:05')).toBe('冠军 03,07 · 亚军 05');
    expect(codesText('ssc_q3zx', '1|2|3')).toBe('1 | 2 | 3');
    expect(codesText('k3_hz', '4,10')).toBe('4,10');
    expect(playTitle('和值', '和值')).toBe('和值');
    expect(playTitle('两面', '大小单双')).toBe('两面·大小单双');
  });

  it('formats countdowns for a minute game, an hour and a weekly draw', () => {
    expect(formatCountdown(49_900)).toBe('00:49');
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(formatCountdown(2 * 86_400_000 + 3_600_000)).toBe('2天01:00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('机选', () => {
  it('draws uniform indices and subsets from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const counts = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) counts[randomIndex(3)]!++;
    expect(spy).toHaveBeenCalled();
    for (const c of counts) expect(c).toBeGreaterThan(850);
    const subset = randomSubset(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(subset).size).toBe(3);
    expect([...subset].sort()).toEqual(subset);
    spy.mockRestore();
  });

  it('picks a valid bet for every play of every family', () => {
    for (const play of allPlays()) {
      const picks = randomPick(view(play), play);
      expect(picks, play.code).not.toBeNull();
      const result = calculateItemCount(play, codesOf(view(play), picks!));
      expect(result.ok, `${play.code}: ${codesOf(view(play), picks!)}`).toBe(true);
    }
  });
});

describe('lottery token check (SPEC.md §4)', () => {
  it('keeps a valid token, stores a new one on 200, returns empty on 202 or failure, and runs once at a time', async () => {
    let current: string | null = 'lt_existing';
    const store = vi.fn((token: string) => {
      current = token;
    });
    const requestUpdate = vi.fn(async (): Promise<TokenAnswer> => ({ code: 200, token: 'lt_new' }));
    const check = createLotteryTokenCheck({ current: () => current, requestUpdate, store });
    expect(await check()).toBe('lt_existing');
    expect(requestUpdate).not.toHaveBeenCalled();

    current = null;
    const [a, b] = await Promise.all([check(), check()]);
    expect([a, b]).toEqual(['lt_new', 'lt_new']);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    expect(store).toHaveBeenCalledWith('lt_new');

    current = null;
    requestUpdate.mockResolvedValueOnce({ code: 202, token: null });
    expect(await check()).toBe('');
    requestUpdate.mockRejectedValueOnce(new Error('网络异常'));
    expect(await check()).toBe('');
    expect(current).toBeNull();
  });
});
