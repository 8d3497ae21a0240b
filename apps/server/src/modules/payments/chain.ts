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

export interface UsdtChain {
  readonly network: 'TRC20';
  /** Decimals of the token's smallest unit (USDT: 6). */
  readonly decimals: number;
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
