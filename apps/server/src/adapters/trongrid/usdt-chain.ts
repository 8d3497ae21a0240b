import type { AppConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { SOLIDIFIED_CONFIRMATIONS, type UsdtChain } from '../../modules/payments/index.ts';
import { TronDepositAddresses } from './hd.ts';
import { TronGrid, type TronGridOptions } from './trongrid.ts';

/**
 * USDT_DEPOSITS=trongrid: the chain the payments module reads members' own addresses on, built
 * from TRON_XPUB (addresses) and TronGrid (confirmed USDT transfers). Null when deposits stay
 * manual. Refuses to start, naming the variables, when one it needs is missing; an xprv is
 * refused by `parseAccountXpub`.
 */
export function tronUsdtChain(
  config: AppConfig,
  clock: Clock,
  extra: Pick<TronGridOptions, 'fetch' | 'onCall'> = {},
): UsdtChain | null {
  const chain = config.finance.usdtChain;
  if (chain.mode !== 'trongrid') return null;
  const missing = [!chain.xpub && 'TRON_XPUB', !chain.apiKey && 'TRONGRID_API_KEY'].filter(Boolean);
  if (missing.length)
    throw new Error(
      `USDT_DEPOSITS=trongrid needs ${missing.join(', ')} (apps/server/src/adapters/trongrid/README.md)`,
    );
  const addresses = new TronDepositAddresses(chain.xpub!);
  const grid = new TronGrid({
    apiKey: chain.apiKey!,
    ...(chain.url ? { url: chain.url } : {}),
    ...(chain.contract ? { contract: chain.contract } : {}),
    now: () => clock.now(),
    sleep: (ms) => clock.sleep(ms),
    ...extra,
  });
  // Up to solidification the SolidityNode's answers are the confirmation; beyond, blocks count.
  const deeper = chain.confirmations > SOLIDIFIED_CONFIRMATIONS ? chain.confirmations : 0;
  return {
    network: 'TRC20',
    decimals: grid.decimals,
    confirmations: chain.confirmations,
    addressAt: (index) => addresses.addressAt(index),
    async confirmationsOf(txIds) {
      const found = new Map<string, number | null>();
      if (txIds.length === 0) return found;
      const head = await grid.latestBlockNumber();
      for (const txId of txIds) {
        const info = await grid.getTransactionInfo(txId);
        found.set(
          txId,
          info.state === 'confirmed' && info.blockNumber !== null ? head - info.blockNumber + 1 : null,
        );
      }
      return found;
    },
    async checkPayment(txId, expected) {
      const check = await grid.verifyTransfer(txId, { ...expected, minConfirmations: deeper });
      return { verdict: check.verdict, detail: check.detail };
    },
    async incoming(address, sinceMs) {
      const listed = await grid.listIncomingTransfers(address, sinceMs > 0 ? { minTimestamp: sinceMs } : {});
      return {
        transfers: listed.transfers.map((t) => ({
          txId: t.txId,
          from: t.from,
          value: t.value,
          blockTimestamp: t.blockTimestamp,
        })),
        ignored: listed.ignored,
        complete: listed.complete,
      };
    },
  };
}
