import type { LedgerType } from '../ledger.ts';

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
}

/**
 * Folds ledger sums by type into the report. Signs follow the ledger (bets are debits, refunds
 * credits): bets = stakes debited − stakes refunded; withdrawals = money paid out of the frozen
 * wallet. Transfers between the member's own wallets and freezes net to nothing and are left out.
 */
export function comprehensiveFigures(
  sums: ReadonlyArray<{ type: string; total: bigint }>,
): ComprehensiveFigures {
  const of = (...types: LedgerType[]) =>
    sums.filter((s) => (types as string[]).includes(s.type)).reduce((acc, s) => acc + s.total, 0n);
  const bets = -of('bet', 'bet_refund');
  const payouts = of('payout');
  const rebates = of('rebate');
  const bonuses = of('bonus', 'vip_bonus', 'invite_reward');
  return {
    deposits: of('deposit'),
    withdrawals: -of('withdraw_paid'),
    bets,
    payouts,
    rebates,
    bonuses,
    adjustments: of('adjust', 'demo_credit'),
    profit: payouts + rebates + bonuses - bets,
  };
}
