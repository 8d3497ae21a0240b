import type { LedgerType } from '../ledger.ts';

/** The betting categories the comprehensive report breaks bets and payouts into. */
export const REPORT_CATEGORIES = {
  sports: '体育',
  lottery: '彩票',
  games: '电子游戏',
  /** Bets whose ledger entries name no known source (none in normal operation). */
  other: '其他',
} as const;
export type ReportCategory = keyof typeof REPORT_CATEGORIES;

/** Ledger types that are stakes, refunds of stakes, and payouts. */
const BET_TYPES: readonly LedgerType[] = [
  'bet',
  'bet_refund',
  'payout',
  'settle_correction',
  'free_bet',
  'cash_out',
];

/**
 * The category of a ledger bet, refund or payout by the reference it carries: sports orders
 * (`order`), lottery bets and periods (`lottery_bet`, `lottery_period`). Game rounds never reach
 * the ledger; they come from the game records.
 */
export function categoryOfReference(referenceType: string | null | undefined): ReportCategory {
  if (referenceType === 'order') return 'sports';
  if (referenceType === 'lottery_bet' || referenceType === 'lottery_period') return 'lottery';
  return 'other';
}

/** A category's play: stakes, payouts and the member's win/loss on them (payouts − bets), 分. */
export interface CategoryFigures {
  bets: bigint;
  payouts: bigint;
  profit: bigint;
}

/** The comprehensive report's figures, 分. Profit is the member's: payouts + rebates + bonuses − bets. */
export interface ComprehensiveFigures {
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  payouts: bigint;
  rebates: bigint;
  bonuses: bigint;
  adjustments: bigint;
  profit: bigint;
  /** Bets and payouts per category; they add up to `bets` and `payouts`. */
  categories: Record<ReportCategory, CategoryFigures>;
}

/** A ledger sum by type (and, for bet types, the reference type the entries carry). */
export interface LedgerTypeSum {
  type: string;
  referenceType?: string | null;
  total: bigint;
}

/** Sums of the provider's settled game rounds, 分. */
export interface GameRoundSums {
  bets: bigint;
  payouts: bigint;
}

const NO_GAMES: GameRoundSums = { bets: 0n, payouts: 0n };

/**
 * Folds ledger sums by type and the game rounds' sums into the report. Signs follow the ledger
 * (bets are debits, refunds credits): bets = stakes debited − stakes refunded; withdrawals = money
 * paid out of the frozen wallet. Transfers between the member's own wallets, freezes and the
 * game wallet transfers (`game_in`, `game_out`, `game_refund`: money moved to and from the
 * provider, not played) net to nothing for the member and are left out; what is played in games
 * counts from the rounds themselves (`games`).
 */
export function comprehensiveFigures(
  sums: readonly LedgerTypeSum[],
  games: GameRoundSums = NO_GAMES,
): ComprehensiveFigures {
  const of = (...types: LedgerType[]) =>
    sums.filter((s) => (types as string[]).includes(s.type)).reduce((acc, s) => acc + s.total, 0n);
  const categories = Object.fromEntries(
    Object.keys(REPORT_CATEGORIES).map((c) => [c, { bets: 0n, payouts: 0n, profit: 0n }]),
  ) as Record<ReportCategory, CategoryFigures>;
  for (const s of sums) {
    if (!(BET_TYPES as string[]).includes(s.type)) continue;
    const figures = categories[categoryOfReference(s.referenceType)];
    // A correction changes what was paid out (positive: paid more, negative: taken back).
    if (
      s.type === 'payout' ||
      s.type === 'settle_correction' ||
      s.type === 'free_bet' ||
      s.type === 'cash_out'
    )
      figures.payouts += s.total;
    else figures.bets -= s.total;
  }
  categories.games.bets += games.bets;
  categories.games.payouts += games.payouts;
  for (const figures of Object.values(categories)) figures.profit = figures.payouts - figures.bets;

  const bets = -of('bet', 'bet_refund') + games.bets;
  // A free bet's stake taken back from its payout: what was paid out is the prize net of it.
  const payouts = of('payout', 'settle_correction', 'free_bet', 'cash_out') + games.payouts;
  const rebates = of('rebate');
  const bonuses = of('bonus', 'vip_bonus', 'invite_reward', 'prize_boost', 'red_packet');
  return {
    deposits: of('deposit'),
    withdrawals: -of('withdraw_paid'),
    bets,
    payouts,
    rebates,
    bonuses,
    adjustments: of('adjust', 'demo_credit'),
    profit: payouts + rebates + bonuses - bets,
    categories,
  };
}
