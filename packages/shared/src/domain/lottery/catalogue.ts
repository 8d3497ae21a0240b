/** Plain-data views of plays for the API (play/list, play/detail) and the client's pickers. */
import type { FamilyCode } from './families.ts';
import { formatOdds } from './math.ts';
import type { LotteryPlay, PlayContext, PlayInput } from './play-kit.ts';
import { playsOf } from './plays/index.ts';

export interface PlayOddsInfo {
  readonly key: string;
  readonly label: string;
  readonly oddsX100: number;
  /** Odds as a decimal string, "1.94". */
  readonly odds: string;
  /** Exact winning probability of one item, "105/216". */
  readonly probability: string;
}

export interface PlayInfo {
  readonly code: string;
  readonly family: FamilyCode;
  readonly group: string;
  readonly name: string;
  readonly rule: string;
  readonly example: string;
  readonly input: PlayInput;
  readonly odds: readonly PlayOddsInfo[];
}

/** A play without its functions: safe to serialise. */
export function playInfo(play: LotteryPlay): PlayInfo {
  return {
    code: play.code,
    family: play.family,
    group: play.group,
    name: play.name,
    rule: play.rule,
    example: play.example,
    input: play.input,
    odds: play.odds.map((line) => ({
      key: line.key,
      label: line.label,
      oddsX100: line.oddsX100,
      odds: formatOdds(line.oddsX100),
      probability: `${line.probability.num}/${line.probability.den}`,
    })),
  };
}

/** The plays of a family grouped into tabs (玩法分组), in display order. */
export function playGroupsOf(
  family: FamilyCode,
  ctx?: Partial<PlayContext>,
): Array<{ group: string; plays: PlayInfo[] }> {
  const groups: Array<{ group: string; plays: PlayInfo[] }> = [];
  for (const play of playsOf(family, ctx)) {
    let entry = groups.find((g) => g.group === play.group);
    if (!entry) groups.push((entry = { group: play.group, plays: [] }));
    entry.plays.push(playInfo(play));
  }
  return groups;
}
