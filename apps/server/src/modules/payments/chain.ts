/**
 * USDT deposits seen on chain (USDT_DEPOSITS=trongrid, issue 38 point 3): what the payments module
 * needs from a chain. The composition root builds it from the TronGrid adapter
 * (src/adapters/trongrid); the module never holds a key that can spend.
 */
export interface ChainTransfer {
  txId: string;
  from: string;
  /** In the token's smallest unit (USDT: 6 decimals). */
  value: bigint;
  /** Milliseconds since the epoch, of the block. */
  blockTimestamp: number;
}

export interface ChainIgnored {
  txId: string | null;
  reason: string;
  token: string | null;
}

/**
 * Blocks after which TRON counts a block solidified (irreversible): confirmed by at least 19 of
 * the 27 active SRs (developers.tron.network, Consensus and DPoS › block solidification), about
 * a minute. What the listing's only_confirmed gives, and USDT_CHAIN_CONFIRMATIONS' default.
 */
export const SOLIDIFIED_CONFIRMATIONS = 19;

/** What the chain says of a withdrawal's payment transaction (see TronGrid.verifyTransfer). */
export type ChainPaymentVerdict =
  'paid' | 'unconfirmed' | 'not-found' | 'failed' | 'wrong-token' | 'wrong-destination' | 'wrong-amount';

export interface UsdtChain {
  readonly network: 'TRC20';
  /** Decimals of the token's smallest unit (USDT: 6). */
  readonly decimals: number;
  /**
   * Confirmations a transfer needs (USDT_CHAIN_CONFIRMATIONS): at or below
   * SOLIDIFIED_CONFIRMATIONS the solidified listing is enough; above, head − block + 1 counts.
   */
  readonly confirmations: number;
  /**
   * The confirmations of solidified transactions now (head − block + 1, one head read for all);
   * null for one the solidified view does not hold.
   */
  confirmationsOf(txIds: readonly string[]): Promise<Map<string, number | null>>;
  /**
   * A withdrawal's payment: a successful, confirmed (and `confirmations` deep) Transfer of the
   * token of exactly `amount` (smallest unit) to `to`; else why not, in one sentence.
   */
  checkPayment(
    txId: string,
    expected: { to: string; amount: bigint },
  ): Promise<{ verdict: ChainPaymentVerdict; detail: string }>;
  /** The deposit address of derivation index `index` (m/44'/195'/0'/0/index). */
  addressAt(index: number): string;
  /**
   * Confirmed transfers of the token to `address` in blocks at or after `sinceMs`, oldest first,
   * and the listed items that are not deposits (another token, …). `complete` false: more remain
   * after the last one (ask again from its time).
   */
  incoming(
    address: string,
    sinceMs: number,
  ): Promise<{ transfers: ChainTransfer[]; ignored: ChainIgnored[]; complete: boolean }>;
}
