/**
 * 免费投注券 (free bets): a stake the book gives a member, used as the whole stake of one 竞彩
 * order. The member pays nothing; a win pays the prize net of the stake (the stake goes back to
 * the book); a loss costs the member nothing; a refunded order gives the ticket back. A ticket
 * has a value, an expiry, a minimum odds every pick must reach and the plays it may be used on.
 */
import { formatSportsOdds } from './odds.ts';
import { findPassType } from './pass-types.ts';

/** What a ticket may be used on: 单关, N串1 parlays, M串N system parlays. */
export const FREE_BET_PLAYS = { single: '单关', parlay: '串关（N串1）', system: '系统串关（M串N）' } as const;
export type FreeBetPlay = keyof typeof FREE_BET_PLAYS;
export const FREE_BET_PLAY_KEYS = Object.keys(FREE_BET_PLAYS) as [FreeBetPlay, ...FreeBetPlay[]];

/** The play of an order's pass type ('single', '3x1', '3x4'). */
export function freeBetPlayOf(passTypeCode: string): FreeBetPlay | null {
  const type = findPassType(passTypeCode);
  if (!type) return null;
  if (type.subBets === null) return 'single';
  return type.subBets === 1 ? 'parlay' : 'system';
}

/** "单关、串关（N串1）": the plays a ticket allows, in words. */
export function freeBetPlaysText(plays: readonly FreeBetPlay[]): string {
  return FREE_BET_PLAY_KEYS.filter((p) => plays.includes(p))
    .map((p) => FREE_BET_PLAYS[p])
    .join('、');
}

export interface FreeBetTerms {
  /** 分. */
  valueFen: bigint;
  /** Least odds of every pick, in hundredths (150 = 1.50). */
  minOddsX100: number;
  plays: readonly FreeBetPlay[];
  expiresAt: Date;
}

export interface FreeBetSlip {
  passType: string;
  /** The order's whole stake, 分. */
  totalStakeFen: bigint;
  /** Each pick's odds as the slip shows them ('1.85'). */
  odds: readonly string[];
  /** An in-play pick (its order waits for the bet delay): tickets are for pre-match orders. */
  inPlay: boolean;
  at: Date;
}

/** Why the ticket cannot be the stake of this slip, in words, or null when it can. */
export function freeBetProblem(ticket: FreeBetTerms, slip: FreeBetSlip): string | null {
  if (slip.at >= ticket.expiresAt) return '免费投注券已过期';
  if (slip.inPlay) return '免费投注券不可用于滚球投注';
  const play = freeBetPlayOf(slip.passType);
  if (!play || !ticket.plays.includes(play)) return `该券仅限${freeBetPlaysText(ticket.plays)}使用`;
  if (slip.totalStakeFen !== ticket.valueFen)
    return `投注金额须等于券面金额${formatFenText(ticket.valueFen)}元`;
  const low = slip.odds.find((o) => Math.round(Number(o) * 100) < ticket.minOddsX100);
  if (low !== undefined) return `每场赔率须不低于${formatSportsOdds(BigInt(ticket.minOddsX100))}`;
  return null;
}

/** What a win pays the member: the prize less the ticket's stake (never below nothing). */
export function freeBetWinnings(payoutFen: bigint, valueFen: bigint): bigint {
  return payoutFen > valueFen ? payoutFen - valueFen : 0n;
}

/** The multiple a slip of `betCount` bets needs for its stake to equal the ticket, or null. */
export function freeBetMultiple(valueFen: bigint, betCount: number): number | null {
  if (betCount < 1) return null;
  const perUnit = BigInt(betCount) * 200n;
  if (valueFen % perUnit !== 0n) return null;
  const multiple = Number(valueFen / perUnit);
  return multiple >= 1 && multiple <= 99 ? multiple : null;
}

function formatFenText(fen: bigint): string {
  return `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;
}
