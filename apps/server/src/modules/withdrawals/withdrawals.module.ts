import type { Core } from '../../core.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { FinanceSettingsService, UsdtChain } from '../payments/index.ts';
import { WithdrawalQueueService } from './admin.service.ts';
import { UserWalletsService } from './wallets.service.ts';
import { WithdrawalsService } from './withdrawals.service.ts';

/** Withdrawals: saved destinations, requests frozen until paid or refused, the console's queue. */
export function createWithdrawals(
  c: Core,
  d: {
    financeSettings: FinanceSettingsService;
    ledger: LedgerService;
    idempotency: IdempotencyService;
    accounts: AccountsService;
    messages: MessagesService;
    operators: OperatorsService;
    changes: ControlChanges;
    solo: SoloAllowance;
    /** USDT_DEPOSITS=trongrid: USDT-TRC20 payments are confirmed on chain before they show paid. */
    usdtChain?: UsdtChain | null;
  },
) {
  const chain = d.usdtChain ?? null;
  return {
    withdrawals: new WithdrawalsService(
      c.db,
      c.reads,
      c.config,
      d.ledger,
      d.idempotency,
      d.accounts,
      d.messages,
      d.operators,
      c.events,
      c.clock,
      d.financeSettings,
      d.solo,
      d.changes,
      chain,
      { notFoundMs: c.config.finance.usdtChain.payNotFoundMs },
    ),
    /** Saved withdrawal destinations (bank cards, USDT addresses). */
    userWallets: new UserWalletsService(c.db, c.clock),
    /** The console's withdrawal list and wallet conflicts, from Core.reads; deciding reads the primary. */
    withdrawalQueue: new WithdrawalQueueService(c.reads, chain !== null),
  };
}
