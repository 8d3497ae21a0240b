/**
 * Order settlement. An order is its pass type, multiple and the selections with their accepted
 * odds; a bet (one k串1 combination, one option per match) is lost if any leg lost, pending if
 * any leg is pending, otherwise it pays min(Π odds × 2元 × multiple, cap(k)) with void legs at
 * 1.00. A bet whose legs are all void pays its stake back (a single on a void match: a refund).
 */
import { cartesian, subBetsOf } from './combinations.ts';
import { EVEN_ODDS } from './odds.ts';
import { findPassType, type PassType } from './pass-types.ts';
import { groupSelections, type BetSelection, type MatchPick } from './picks.ts';
import { betCountOf, betPrize, SPORTS_MAX_MULTIPLE, SPORTS_MIN_MULTIPLE } from './prize.ts';
import { planMaxPrize } from './prize-optimise.ts';
import { settleOption, type LegStatus, type MatchResult } from './results.ts';

export interface PlacedOrder {
  /** Pass type code ('single', '3x4'), name or enum name. */
  passType: string;
  multiple: number;
  /** The selections with the odds the order was accepted at. */
  selections: readonly BetSelection[];
  /** 奖金优化: each bet's own multiple, in `betsOf` order (`multiple` is then unused). */
  multiples?: readonly number[] | null;
}

/** Results by match id; a match without an entry is pending. */
export type MatchResults = ReadonlyMap<string, MatchResult>;

export type CombinationStatus = 'pending' | 'won' | 'lost' | 'void';

/** Combo-detail list filter of the API (SPEC.md §3): pending 0, win 1, lose 2; void bets pay back, so they list as 1. */
export const COMBO_FILTER_CODES = { pending: 0, won: 1, void: 1, lost: 2 } as const satisfies Record<
  CombinationStatus,
  number
>;

export interface CombinationSettlement {
  /** Matches in the bet (k of k串1). */
  size: number;
  /** Indices into the order's selections, one per match. */
  legs: number[];
  status: CombinationStatus;
  /** What the bet pays now, in 分: the prize when won, the stake when void, else 0. */
  payout: bigint;
  /** Prize if every leg won at its accepted odds, capped (for the details list). */
  potentialPrize: bigint;
  /** The bet's multiple: the order's, or its own in an optimised order. */
  multiple: number;
}

export interface CombinationCounts {
  total: number;
  won: number;
  lost: number;
  void: number;
  pending: number;
}

/**
 * `pending` until every leg is settled (payoutSoFar must not be credited). Then `won` when a
 * bet won, `refunded` when nothing won but void bets pay back their stake, else `lost`.
 */
export type OrderSettlement =
  | { status: 'pending'; legs: LegStatus[]; counts: CombinationCounts; payoutSoFar: bigint }
  | { status: 'won' | 'refunded' | 'lost'; legs: LegStatus[]; counts: CombinationCounts; payout: bigint };

interface ResolvedOrder {
  passType: PassType;
  multiple: number;
  picks: MatchPick[];
  multiples: readonly number[] | null;
}

/** Checks a stored order; throws because a stored order that fails is a server bug, not user input. */
function resolveOrder(order: PlacedOrder): ResolvedOrder {
  const passType = findPassType(order.passType);
  if (!passType) throw new RangeError(`unknown pass type ${order.passType}`);
  if (
    !Number.isInteger(order.multiple) ||
    order.multiple < SPORTS_MIN_MULTIPLE ||
    order.multiple > SPORTS_MAX_MULTIPLE
  ) {
    throw new RangeError(`bad multiple ${order.multiple}`);
  }
  const grouped = groupSelections(order.selections);
  if (!grouped.ok) throw new RangeError(`bad order selections: ${grouped.message}`);
  const { picks } = grouped;
  if (picks.length === 0) throw new RangeError('order has no selections');
  if (passType.matchCount !== null) {
    if (picks.length !== passType.matchCount || new Set(picks.map((p) => p.matchId)).size !== picks.length) {
      throw new RangeError(`${passType.name} needs ${passType.matchCount} matches with one play type each`);
    }
  }
  const multiples = order.multiples ?? null;
  if (multiples) {
    if (
      multiples.length !== betCountOf(picks, passType) ||
      multiples.some((m) => !Number.isInteger(m) || m < SPORTS_MIN_MULTIPLE || m > SPORTS_MAX_MULTIPLE)
    )
      throw new RangeError('bad per-bet multiples');
  }
  return { passType, multiple: order.multiple, picks, multiples };
}

/** One bet of an order: its legs (selection index and accepted odds, one per match) and multiple. */
export interface OrderBet {
  legs: ReadonlyArray<{ index: number; odds: bigint }>;
  multiple: number;
}

/** Every bet of the order in `betsOf` order (sizes ascending, last match's option fastest). */
export function* orderBets(order: PlacedOrder): Generator<OrderBet> {
  const { picks, passType, multiples, multiple } = resolveOrder(order);
  let bet = 0;
  for (const subset of subBetsOf(picks.length, passType.sizes)) {
    for (const options of cartesian(subset.map((i) => picks[i]?.options ?? [])))
      yield { legs: options, multiple: multiples?.[bet++] ?? multiple };
  }
}

/** Status of every selection of the order, by its index. */
export function settleLegs(order: PlacedOrder, results: MatchResults): LegStatus[] {
  return legStatuses(resolveOrder(order), order.selections.length, results);
}

function legStatuses(order: ResolvedOrder, count: number, results: MatchResults): LegStatus[] {
  const statuses = new Array<LegStatus>(count).fill('pending');
  for (const pick of order.picks) {
    const result = results.get(pick.matchId);
    for (const o of pick.options) statuses[o.index] = settleOption(pick.playType, o.key, pick.line, result);
  }
  return statuses;
}

function combinationStatus(statuses: readonly LegStatus[]): CombinationStatus {
  if (statuses.includes('lost')) return 'lost';
  if (statuses.includes('pending')) return 'pending';
  return statuses.every((s) => s === 'void') ? 'void' : 'won';
}

/**
 * Every bet of the order with its status and payout, lazily (sizes ascending, match subsets in
 * order, last match's option varying fastest). For pages of the details list; totals come
 * from settleOrder, which does not list bets.
 */
export function* settleCombinations(
  order: PlacedOrder,
  results: MatchResults,
): Generator<CombinationSettlement> {
  const resolved = resolveOrder(order);
  const legs = legStatuses(resolved, order.selections.length, results);
  const { picks, passType, multiples } = resolved;
  let bet = 0;
  for (const subset of subBetsOf(picks.length, passType.sizes)) {
    const lists = subset.map((i) => picks[i]?.options ?? []);
    for (const options of cartesian(lists)) {
      // betsOf order: an optimised order's multiples follow it.
      const multiple = multiples?.[bet++] ?? resolved.multiple;
      const statuses = options.map((o) => legs[o.index] ?? 'pending');
      const status = combinationStatus(statuses);
      const paying = status === 'won' || status === 'void';
      yield {
        size: subset.length,
        legs: options.map((o) => o.index),
        status,
        payout: paying
          ? betPrize(
              options.map((o, i) => (statuses[i] === 'void' ? EVEN_ODDS : o.odds)),
              multiple,
            )
          : 0n,
        potentialPrize: betPrize(
          options.map((o) => o.odds),
          multiple,
        ),
        multiple,
      };
    }
  }
}

/**
 * Settles the order: counts of bets by status and the total payout, in 分. Works per match
 * subset from counts and products, so its cost does not grow with the options per match.
 */
export function settleOrder(order: PlacedOrder, results: MatchResults): OrderSettlement {
  const resolved = resolveOrder(order);
  const legs = legStatuses(resolved, order.selections.length, results);
  if (resolved.multiples) return settlePlan(order, legs, results);
  const { picks, passType, multiple } = resolved;
  const counts: CombinationCounts = { total: 0, won: 0, lost: 0, void: 0, pending: 0 };
  let payout = 0n;

  for (const subset of subBetsOf(picks.length, passType.sizes)) {
    let total = 1;
    let notLost = 1;
    let paying = 1;
    let allVoid = 1;
    // Per match, the factors a paying bet can take: each won option's odds once, and 1.00 as
    // many times as there are void options (they all pay alike).
    const factors: { odds: bigint; times: bigint }[][] = [];
    for (const i of subset) {
      const options = picks[i]?.options ?? [];
      let won = 0;
      let lost = 0;
      let voided = 0;
      const pickFactors: { odds: bigint; times: bigint }[] = [];
      for (const o of options) {
        const status = legs[o.index];
        if (status === 'won') {
          won++;
          pickFactors.push({ odds: o.odds, times: 1n });
        } else if (status === 'lost') lost++;
        else if (status === 'void') voided++;
      }
      if (voided > 0) pickFactors.push({ odds: EVEN_ODDS, times: BigInt(voided) });
      total *= options.length;
      notLost *= options.length - lost;
      paying *= won + voided;
      allVoid *= voided;
      factors.push(pickFactors);
    }
    counts.total += total;
    counts.lost += total - notLost;
    counts.pending += notLost - paying;
    counts.void += allVoid;
    counts.won += paying - allVoid;
    if (paying === 0) continue;
    for (const choice of cartesian(factors)) {
      const times = choice.reduce((acc, f) => acc * f.times, 1n);
      payout +=
        times *
        betPrize(
          choice.map((f) => f.odds),
          multiple,
        );
    }
  }

  return settled(legs, counts, payout);
}

function settled(legs: LegStatus[], counts: CombinationCounts, payout: bigint): OrderSettlement {
  if (legs.includes('pending')) return { status: 'pending', legs, counts, payoutSoFar: payout };
  const status = counts.won > 0 ? 'won' : counts.void > 0 ? 'refunded' : 'lost';
  return { status, legs, counts, payout };
}

/** An optimised order, bet by bet (it has at most PRIZE_OPTIMISE_MAX_BETS). */
function settlePlan(order: PlacedOrder, legs: LegStatus[], results: MatchResults): OrderSettlement {
  const counts: CombinationCounts = { total: 0, won: 0, lost: 0, void: 0, pending: 0 };
  let payout = 0n;
  for (const bet of settleCombinations(order, results)) {
    counts.total++;
    counts[bet.status]++;
    payout += bet.payout;
  }
  return settled(legs, counts, payout);
}

/**
 * The most an order can still pay once some of its legs are decided: in every match its best
 * option still standing, a void leg at 1.00 and a lost one paying nothing (a bet with a lost leg
 * pays nothing). Before any leg is decided it is the max prize the order was placed with.
 */
export function openMaxPrize(order: PlacedOrder, legs: readonly LegStatus[]): bigint {
  const { picks, passType, multiple, multiples } = resolveOrder(order);
  if (multiples) return planMaxPrize(picks, passType, multiples, legs);
  const best = picks.map((p) =>
    p.options.reduce((most, o) => {
      const status = legs[o.index];
      const odds = status === 'lost' ? 0n : status === 'void' ? EVEN_ODDS : o.odds;
      return odds > most ? odds : most;
    }, 0n),
  );
  let total = 0n;
  for (const subset of subBetsOf(picks.length, passType.sizes)) {
    const odds = subset.map((i) => best[i] ?? 0n);
    if (odds.includes(0n)) continue;
    total += betPrize(odds, multiple);
  }
  return total;
}
