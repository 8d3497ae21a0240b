/**
 * 免费投注券 in the slip: whether a ticket can be the whole stake of the slip as it stands, at
 * which multiple (bets × 2元 × multiple = the ticket's value), and what a win would pay the member
 * (the prize less the ticket). The rules are the shared ones the server applies again at submit.
 */
import {
  FREE_BET_STATUSES,
  freeBetMultiple,
  freeBetProblem,
  parseYuan,
  type FreeBetTerms,
  type ValidSlip,
} from '@app/shared';
import type { FreeBet } from '../../free-bets/queries.ts';
import { previewSlip, type SlipChoices } from './preview.ts';

/** What the check needs of the slip: its choices and whether a picked match is in play. */
export type FreeBetSlip = SlipChoices & {
  matches: Readonly<Record<string, { inPlay: boolean } | undefined>>;
};

export type FreeBetFit =
  { ok: true; multiple: number; valid: ValidSlip; valueFen: bigint } | { ok: false; reason: string };

/** The ticket's terms for the shared rules, or null when its figures cannot be read. */
export function freeBetTerms(ticket: FreeBet): FreeBetTerms | null {
  const value = parseYuan(ticket.value);
  const minOdds = parseYuan(ticket.min_odds);
  const expiresAt = new Date(ticket.expires_at);
  if (!value.ok || !minOdds.ok || Number.isNaN(expiresAt.getTime())) return null;
  return { valueFen: value.fen, minOddsX100: Number(minOdds.fen), plays: ticket.plays, expiresAt };
}

/**
 * Whether `ticket` can stake the slip at `now` (server clock), and at which multiple; else why
 * not, in the words the member reads. The ticket's own rules (expiry, 滚球, plays, minimum odds)
 * come first, then whether the slip's bets can add up to its value, then the engine at that multiple.
 */
export function freeBetFit(ticket: FreeBet, slip: FreeBetSlip, now: Date): FreeBetFit {
  if (ticket.status !== 'available') return { ok: false, reason: `该券${FREE_BET_STATUSES[ticket.status]}` };
  const terms = freeBetTerms(ticket);
  if (!terms) return { ok: false, reason: '该券暂不可用' };
  const base = previewSlip({ ...slip, multiple: 1 });
  if (!base.ok) return { ok: false, reason: base.message };
  const bets = slip.slip.selectedBets;
  const facts = {
    passType: base.passType.code,
    odds: bets.map((s) => s.odds),
    inPlay: bets.some((s) => slip.matches[s.matchId]?.inPlay === true),
    at: now,
  };
  // Its own rules first, as if the stake were right: a wrong play says so rather than the sum.
  const problem = freeBetProblem(terms, { ...facts, totalStakeFen: terms.valueFen });
  if (problem !== null) return { ok: false, reason: problem };
  const multiple = freeBetMultiple(terms.valueFen, base.betCount);
  if (multiple === null)
    return {
      ok: false,
      reason: `${base.betCount}注无法恰好投满券面${ticket.value}元（每注2元，1-99倍）`,
    };
  const valid = previewSlip({ ...slip, multiple });
  if (!valid.ok) return { ok: false, reason: valid.message };
  const left = freeBetProblem(terms, { ...facts, totalStakeFen: valid.totalStake });
  if (left !== null) return { ok: false, reason: left };
  return { ok: true, multiple, valid, valueFen: terms.valueFen };
}

export interface FreeBetChoice {
  ticket: FreeBet;
  fit: FreeBetFit;
}

/** Every ticket with its verdict for the slip, the usable ones first (in the server's order). */
export function freeBetChoices(
  tickets: readonly FreeBet[] | undefined,
  slip: FreeBetSlip,
  now: Date,
): FreeBetChoice[] {
  const all = (tickets ?? []).map((ticket) => ({ ticket, fit: freeBetFit(ticket, slip, now) }));
  return [...all.filter((c) => c.fit.ok), ...all.filter((c) => !c.fit.ok)];
}

export type FreeBetCheck =
  | { kind: 'keep' }
  /** Still fits, at another multiple (the bets changed): the slip takes it. */
  | { kind: 'multiple'; multiple: number }
  | { kind: 'drop'; reason: string };

/**
 * What the slip does with the ticket it is using after a change: keep it, move the multiple so the
 * stake is the ticket again, or drop it (and say why). `available` is the member's list when it
 * is known: a ticket no longer in it (used elsewhere, expired, another member) is dropped.
 */
export function checkChosenFreeBet(
  ticket: FreeBet,
  slip: FreeBetSlip,
  available: readonly FreeBet[] | undefined,
  now: Date,
): FreeBetCheck {
  if (available && !available.some((t) => t.id === ticket.id))
    return { kind: 'drop', reason: '该券已不可使用' };
  const fit = freeBetFit(ticket, slip, now);
  if (!fit.ok) return { kind: 'drop', reason: fit.reason };
  return fit.multiple === slip.multiple ? { kind: 'keep' } : { kind: 'multiple', multiple: fit.multiple };
}
