/**
 * The steps of placing a 竞彩 order (OrdersService.submit), each beside the rule it applies
 * (BETTING-RULES.md; SPEC §9's caps). Steps before the transaction decide from one read of the
 * slip's matches, markets and limits; steps inside it re-decide what a concurrent change could
 * have made false (a match closing, a limit taken by another order, an operator's suspension).
 */
import { randomInt } from 'node:crypto';
import {
  formatFen,
  parseYuan,
  playTypeOf,
  validateBetSlip,
  type BetSelection,
  type OddsChange,
  type OddsPolicy,
  type OrderSubmitBody,
  type SlipValidation,
  type Sport,
} from '@app/shared';
import type { BetRefusalReason } from '@app/shared/backoffice';
import type { Tx } from '../../db/client.ts';
import { refuse, type AppError } from '../../lib/errors.ts';
import type { MemberRow } from '../accounts/index.ts';
import { lockMemberForBook } from './book.repo.ts';
import { largestStake, type BookSlip } from './book.service.ts';
import * as limits from './limits.repo.ts';
import { oddsDirection, policyAccepts } from './odds-policy.ts';
import type * as orders from './orders.repo.ts';
import type { BetDelays } from './preferences.service.ts';
import { isInPlayPlayType, isLiveOpen, isOpenForBetting, MATCH_STATUS_TEXT } from './sports.mapper.ts';
import { isSuspended } from './suspensions.repo.ts';

type SlipReads = Awaited<ReturnType<typeof orders.slipReads>>;
type BetLimits = SlipReads['defaults'];
type CheckedSlip = Extract<SlipValidation, { ok: true }>;

/** A member on the black list or barred from games places no bet (403). */
export function assertMemberMayBet(member: MemberRow): void {
  if (member.isBlack) throw refuse('accounts.betting_restricted');
  if (member.disableGame) throw refuse('accounts.betting_disabled');
}

/** `S` + yyMMddHHmmss + six random digits: unique enough that a clash is drawn again. */
export function newOrderNo(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(2, 14);
  return `S${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * An in-play leg needs the match open in play and not suspended, and a play type offered in play
 * (422 otherwise: 已暂停投注 while a suspension or a break lasts, 已停止投注 once closed).
 */
function assertInPlayOpen(match: orders.SlipMatch, playType: string, playName: string): void {
  if (!isInPlayPlayType(playType))
    throw refuse('sports.live_play_unavailable', { match: match.matchNo, play: playName });
  if (isLiveOpen(match)) return;
  const reason = match.liveSuspendReason;
  if (!match.liveOpen && (reason === null || reason === '比赛末段'))
    throw refuse('sports.live_closed', { match: match.matchNo, cause: reason });
  throw refuse('sports.live_suspended', { match: match.matchNo, cause: reason });
}

/** The slip's legs at the book's current prices, which of them are in play, and what moved. */
export interface PricedSlip {
  selections: BetSelection[];
  /** Per selection: placed on a match in play (the order then waits for its bet delay). */
  inPlay: boolean[];
  /** Per selection: its market takes a bet on its match alone (单关). */
  singles: boolean[];
  /** Prices and lines that differ from what the member saw. */
  changes: OddsChange[];
}

/**
 * Each leg against the current book: its match open (before kick-off, or in play for an in-play
 * play type), its market open and not suspended, its option offered. A leg is priced at the
 * current odds; a moved price or a changed line is recorded for the member's odds policy.
 */
export function priceSlip(
  legs: OrderSubmitBody['selections'],
  { matches, markets }: Pick<SlipReads, 'matches' | 'markets'>,
  now: Date,
): PricedSlip {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const priced: PricedSlip = { selections: [], inPlay: [], singles: [], changes: [] };
  for (const s of legs) {
    const match = byId.get(s.match_id);
    if (!match) throw refuse('sports.slip_match_not_found', { id: String(s.match_id) });
    const live = match.status === 'live';
    if (!live && !isOpenForBetting(match, now))
      throw refuse('sports.match_closed', { match: match.matchNo, status: MATCH_STATUS_TEXT[match.status] });
    const def = playTypeOf(match.sport, s.bet_type);
    if (!def) throw refuse('sports.play_invalid');
    if (live) assertInPlayOpen(match, def.id, def.name);
    const market = markets.get(match.id)?.find((m) => m.playType === def.id);
    if (!market) throw refuse('sports.market_not_open', { match: match.matchNo, play: def.name });
    if (market.suspended) throw refuse('sports.market_suspended', { match: match.matchNo, play: def.name });
    const current = market.odds[s.option];
    if (current === undefined) throw refuse('sports.option_invalid');
    const seen = {
      match_id: match.id,
      bet_type: s.bet_type,
      option: s.option,
      old_odds: s.odds,
      new_odds: current,
    };
    if (s.line !== undefined && (s.line ?? null) !== market.line) {
      // A changed line is another bet: no policy takes it (assertOddsAccepted refuses the slip).
      priced.changes.push({ ...seen, old_line: s.line ?? null, new_line: market.line, direction: 'line' });
      continue;
    }
    const moved = oddsDirection(s.odds, current);
    if (moved) priced.changes.push({ ...seen, direction: moved });
    priced.inPlay.push(live);
    priced.singles.push(market.single);
    priced.selections.push({
      matchId: String(match.id),
      sport: match.sport,
      betType: s.bet_type,
      option: s.option,
      odds: current,
      line: market.line,
    });
  }
  return priced;
}

/**
 * The member's odds-change policy decides which moves the order takes at the current odds; any
 * other move (and every changed line) sends the whole slip back with what changed (422 with
 * `data.changes`).
 */
export function assertOddsAccepted(policy: OddsPolicy, changes: readonly OddsChange[]): void {
  if (changes.some((c) => !policyAccepts(policy, c.direction)))
    throw refuse('sports.odds_changed', undefined, { changes });
}

/** When an order with in-play legs is decided: after the longest bet delay of their sports. */
export function acceptanceTime(priced: PricedSlip, delays: BetDelays, now: Date): Date | null {
  if (!priced.inPlay.some(Boolean)) return null;
  const live = priced.selections.filter((_, i) => priced.inPlay[i]);
  return new Date(now.getTime() + Math.max(0, ...live.map((s) => delays[s.sport])));
}

/** A slip that passed the betting rules, and the same slip at another multiple (for the book's offers). */
export interface RuledSlip {
  slip: CheckedSlip;
  /** What offers count down from: the order's multiple, or a 奖金优化 plan's largest. */
  multiple: number;
  /** The slip at a lower multiple; a plan with every bet capped at that many units. */
  at: (multiple: number) => BookSlip | null;
}

/**
 * The betting rules (BETTING-RULES.md: pass types, multiples, stake bounds, 单关 only on the
 * pools that take singles), and the stake the member confirmed (`total_amount`) equal to the one
 * they compute.
 */
export function applySlipRules(
  body: OrderSubmitBody,
  sport: Sport,
  priced: Pick<PricedSlip, 'selections' | 'singles'>,
): RuledSlip {
  const { selections } = priced;
  const singleAllowed = (s: BetSelection) => priced.singles[selections.indexOf(s)] === true;
  let expectedStake: bigint | null = null;
  if (body.total_amount !== undefined) {
    const parsed = parseYuan(body.total_amount);
    if (!parsed.ok) throw refuse('sports.stake_format');
    expectedStake = parsed.fen;
  }
  const passType = body.bet_mode === 'single' ? (body.pass_type ?? 'single') : (body.pass_type ?? null);
  const slip = validateBetSlip({
    sport,
    mode: body.bet_mode,
    selections,
    passType,
    multiple: body.multiple,
    multiples: body.multiples ?? null,
    expectedStake,
    singleAllowed,
  });
  if (!slip.ok) throw refuse('sports.slip_invalid', { problem: slip.message });
  const input = { sport, mode: body.bet_mode, selections, passType: slip.passType.code, singleAllowed };
  const plan = slip.multiples;
  return {
    slip,
    multiple: plan ? Math.max(...plan) : body.multiple,
    at: (multiple) => {
      const at = validateBetSlip({
        ...input,
        multiple: plan ? 1 : multiple,
        multiples: plan?.map((m) => Math.min(m, multiple)) ?? null,
        expectedStake: null,
      });
      return at.ok
        ? { mode: body.bet_mode, multiple, selections, totalStake: at.totalStake, maxPrize: at.maxPrize }
        : null;
    },
  };
}

/** Over the member's stake limit (422), with the largest multiple that fits. */
function overStake(ruled: RuledSlip, multiple: number, most: bigint): AppError {
  return refuse('sports.over_member_stake', {
    limit: formatFen(most),
    best: formatFen(largestStake(multiple, ruled.at, (s) => s.totalStake <= most)),
  });
}

/** The member's own stake limit, else the book-wide default for members (book_limits member_default). */
export function assertUnderStakeLimit(
  ruled: RuledSlip,
  multiple: number,
  limit: BetLimits | undefined,
  defaults: BetLimits,
): void {
  const most = limit?.maxStake ?? defaults.maxStake;
  if (most !== null && ruled.slip.totalStake > most) throw overStake(ruled, multiple, most);
}

/** At commit, every match still open (in play for an in-play leg): a close between read and lock refuses. */
export function assertStillOpen(locked: readonly orders.SubmitMatch[], priced: PricedSlip, at: Date): void {
  const liveIds = new Set(priced.selections.filter((_, i) => priced.inPlay[i]).map((s) => Number(s.matchId)));
  for (const match of locked) {
    const open = liveIds.has(match.id) ? isLiveOpen(match) : isOpenForBetting(match, at);
    if (!open) throw refuse('sports.match_stopped', { match: match.matchNo });
  }
}

/**
 * The member's limits under lock: a limited member's submits are decided one at a time against
 * their open orders (their limit row), a member under the book-wide defaults on their member row.
 * The stake limit again (it may have changed), then the most one match may pay them across their
 * open orders.
 */
export async function assertMemberLimitsHeld(
  tx: Tx,
  memberId: number,
  ruled: RuledSlip,
  multiple: number,
  reads: Pick<SlipReads, 'limit' | 'defaults'>,
  matchIds: number[],
  locked: readonly orders.SubmitMatch[],
): Promise<void> {
  const held = reads.limit ? await limits.lockLimit(tx, memberId) : undefined;
  const heldStake = held?.maxStake ?? reads.defaults.maxStake;
  if (heldStake !== null && ruled.slip.totalStake > heldStake) throw overStake(ruled, multiple, heldStake);
  const perMatch = held?.maxPayoutPerMatch ?? reads.defaults.maxPayoutPerMatch;
  if (perMatch === null) return;
  // Only the book-wide default applies: serialise this member's submits on their row.
  if (!held) await lockMemberForBook(tx, memberId);
  const open = await limits.openMaxPrizeByMatch(tx, memberId, matchIds);
  for (const match of locked) {
    const left = perMatch - (open.get(match.id) ?? 0n);
    if (ruled.slip.maxPrize > left)
      throw refuse('sports.over_member_payout', {
        match: match.matchNo,
        limit: formatFen(perMatch),
        left: formatFen(left > 0n ? left : 0n),
        best: formatFen(largestStake(multiple, ruled.at, (s) => s.maxPrize <= left)),
      });
  }
}

/**
 * The legs as stored: each keeps the price and line it was placed at and, in play, the suspension
 * it was placed after (a later one refuses it at the decision).
 */
export function legRows(priced: PricedSlip, locked: readonly orders.SubmitMatch[]) {
  return priced.selections.map((s, position) => ({
    position,
    matchId: Number(s.matchId),
    playType: `${s.sport}.${s.betType}`,
    optionKey: s.option,
    odds: s.odds,
    line: s.line ?? null,
    inPlay: priced.inPlay[position] ?? false,
    liveSuspendedSeenAt: priced.inPlay[position]
      ? (locked.find((m) => m.id === Number(s.matchId))?.liveSuspendedAt ?? null)
      : null,
  }));
}

/** A submit refused because its match had moved on (kick-off, a suspension, in play closed). */
export const PAST_POSTING_REFUSALS = [
  'sports.match_closed',
  'sports.match_stopped',
  'sports.live_suspended',
  'sports.live_closed',
] as const;

export interface PastPostedLeg {
  matchId: number;
  playType: string;
  option: string;
  code: BetRefusalReason;
  eventAt: Date | null;
}

/**
 * The legs of a refused submit whose match had moved on at `at`, for the refusals' record: a
 * pre-match leg at or after kick-off (`kickoff`, the feed's kick-off time) or otherwise closed, an
 * in-play leg suspended (since the feed's time of the suspension) or closed. A refusal decided
 * under the lock on fresher rows than `matches` names the first leg, closed.
 */
export function pastPostedLegs(
  legs: OrderSubmitBody['selections'],
  matches: readonly orders.SlipMatch[],
  at: Date,
): PastPostedLeg[] {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const out: PastPostedLeg[] = [];
  for (const s of legs) {
    const match = byId.get(s.match_id);
    if (!match) continue;
    const leg = { matchId: match.id, playType: `${match.sport}.${s.bet_type}`, option: s.option };
    if (match.status !== 'live') {
      if (isOpenForBetting(match, at)) continue;
      const started = match.kickoffAt.getTime() <= at.getTime();
      out.push({ ...leg, code: started ? 'kickoff' : 'closed', eventAt: started ? match.kickoffAt : null });
    } else if (!isLiveOpen(match)) {
      const reason = match.liveSuspendReason;
      const closed = !match.liveOpen && (reason === null || reason === '比赛末段');
      out.push({ ...leg, code: closed ? 'closed' : 'suspended', eventAt: match.liveSuspendedAt });
    }
  }
  const first = legs[0];
  const match = first && byId.get(first.match_id);
  if (out.length === 0 && first && match)
    out.push({
      matchId: match.id,
      playType: `${match.sport}.${first.bet_type}`,
      option: first.option,
      code: 'closed',
      eventAt: null,
    });
  return out;
}

/** An operator's suspension of a play, read with the order's insert, refuses it (422). */
export function assertPlaysNotSuspended(
  suspended: Map<number, Set<string>>,
  selections: readonly BetSelection[],
): void {
  for (const s of selections)
    if (isSuspended(suspended, Number(s.matchId), `${s.sport}.${s.betType}`))
      throw refuse('sports.play_suspended');
}
