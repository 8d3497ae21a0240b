import { addDays, comprehensiveFigures, daysBetween, formatFen, type LedgerTypeSum } from '@app/shared';
import type { DayFigures } from '@app/shared/backoffice';

export interface DayInputs {
  ledger: Array<LedgerTypeSum & { day: string }>;
  games: Array<{ day: string; bets: bigint; payouts: bigint }>;
  registered: Map<string, number>;
  active: Map<string, number>;
}

/** Every Shanghai day from `fromDay` to `toDay`, both included. */
export function daysOf(fromDay: string, toDay: string): string[] {
  return Array.from({ length: daysBetween(fromDay, toDay) }, (_, i) => addDays(fromDay, i));
}

/**
 * The house's figures per day from the members' ledger sums and game rounds: the member-side
 * comprehensive report turned around (the house's GGR is the members' stakes − payouts).
 */
export function dayFiguresOf(days: string[], inputs: DayInputs): DayFigures[] {
  return days.map((day) => {
    const f = comprehensiveFigures(
      inputs.ledger.filter((s) => s.day === day),
      inputs.games.find((g) => g.day === day) ?? { bets: 0n, payouts: 0n },
    );
    const c = f.categories;
    const sportsStake = c.sports.bets + c.other.bets;
    const sportsPayout = c.sports.payouts + c.other.payouts;
    const product = (sports: bigint, lottery: bigint, games: bigint) => ({
      sports: formatFen(sports),
      lottery: formatFen(lottery),
      games: formatFen(games),
      total: formatFen(sports + lottery + games),
    });
    return {
      day,
      deposits: formatFen(f.deposits),
      withdrawals: formatFen(f.withdrawals),
      stakes: product(sportsStake, c.lottery.bets, c.games.bets),
      payouts: product(sportsPayout, c.lottery.payouts, c.games.payouts),
      ggr: product(
        sportsStake - sportsPayout,
        c.lottery.bets - c.lottery.payouts,
        c.games.bets - c.games.payouts,
      ),
      bonuses: formatFen(f.bonuses),
      rebates: formatFen(f.rebates),
      adjustments: formatFen(f.adjustments),
      new_members: inputs.registered.get(day) ?? 0,
      active_members: inputs.active.get(day) ?? 0,
    };
  });
}
