import { reasons } from './define.ts';

/**
 * What the ledger refuses. Insufficient balance carries the wallet in `data.wallet`; the
 * products that move money say which wallet in their own words (lottery, games, withdrawals).
 */
export const LEDGER_REASONS = reasons({
  'ledger.insufficient_balance': { status: 422, message: '余额不足' },
  /** A move between wallets (lottery, games) the main wallet cannot cover. */
  'ledger.main_wallet_insufficient': { status: 422, message: '主钱包余额不足' },
  /** A move out of the lottery wallet it cannot cover. */
  'ledger.lottery_wallet_insufficient': { status: 422, message: '彩票钱包余额不足' },
  /** A posting's key came back with another wallet, amount or type. */
  'ledger.entry_key_reused': { status: 409, message: '幂等键已用于不同的请求' },
});
