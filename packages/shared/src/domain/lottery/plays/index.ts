/** The play catalogue: every play of every family, built for a context (return, zodiac year). */
import { FAMILY_CODES, type FamilyCode } from '../families.ts';
import { DEFAULT_PLAY_CONTEXT, type LotteryPlay, type PlayContext } from '../play-kit.ts';
import { k3Plays } from './k3.ts';
import { lhcPlays } from './lhc.ts';
import { pk10Plays } from './pk10.ts';
import { sscPlays } from './ssc.ts';
import { x115Plays } from './x115.ts';

function buildFamily(family: FamilyCode, ctx: PlayContext): LotteryPlay[] {
  switch (family) {
    case 'k3':
      return k3Plays(ctx);
    case 'pk10':
      return pk10Plays(ctx);
    case 'ssc':
      return sscPlays(ctx);
    case '11x5':
      return x115Plays(ctx);
    case 'lhc':
      return lhcPlays(ctx);
  }
}

const cache = new Map<string, ReadonlyMap<FamilyCode, readonly LotteryPlay[]>>();

function catalogue(ctx: PlayContext): ReadonlyMap<FamilyCode, readonly LotteryPlay[]> {
  const key = `${ctx.returnBp}:${ctx.zodiacOfOne}`;
  let found = cache.get(key);
  if (!found) {
    found = new Map(FAMILY_CODES.map((f) => [f, buildFamily(f, ctx)]));
    cache.set(key, found);
  }
  return found;
}

const withDefaults = (ctx: Partial<PlayContext> = {}): PlayContext => ({ ...DEFAULT_PLAY_CONTEXT, ...ctx });

/** The plays of a family, in display order. Built once per context and cached. */
export function playsOf(family: FamilyCode, ctx?: Partial<PlayContext>): readonly LotteryPlay[] {
  return catalogue(withDefaults(ctx)).get(family) ?? [];
}

/** Every play of every family. */
export function allPlays(ctx?: Partial<PlayContext>): readonly LotteryPlay[] {
  return [...catalogue(withDefaults(ctx)).values()].flat();
}

const byCode = new WeakMap<
  ReadonlyMap<FamilyCode, readonly LotteryPlay[]>,
  ReadonlyMap<string, LotteryPlay>
>();

/** A play by its code ("k3_hz"), or undefined. */
export function findPlay(code: string, ctx?: Partial<PlayContext>): LotteryPlay | undefined {
  const families = catalogue(withDefaults(ctx));
  let index = byCode.get(families);
  if (!index) {
    index = new Map([...families.values()].flat().map((play) => [play.code, play]));
    byCode.set(families, index);
  }
  return index.get(code);
}
