import type { Core } from '../../core.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { DepositQueueService } from './admin.service.ts';
import { ChainDepositsService } from './chain-deposits.service.ts';
import type { UsdtChain } from './chain.ts';
import type { FinanceSettingsService } from './finance-settings.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { PaymentsService } from './payments.service.ts';

/** Deposits: gateway orders and callbacks, USDT transfers confirmed by operators, the console's queue. */
export function createPayments(
  c: Core,
  d: {
    paymentGateway: PaymentGateway;
    /** USDT_DEPOSITS=trongrid: the chain members' own addresses are read on; null otherwise. */
    usdtChain: UsdtChain | null;
    financeSettings: FinanceSettingsService;
    ledger: LedgerService;
    idempotency: IdempotencyService;
    messages: MessagesService;
    operators: OperatorsService;
    responsible: ResponsiblePlayService;
    changes: ControlChanges;
    solo: SoloAllowance;
  },
) {
  const payments = new PaymentsService(
    c.db,
    c.reads,
    c.config,
    d.ledger,
    d.idempotency,
    d.messages,
    d.operators,
    c.events,
    d.paymentGateway,
    c.log,
    c.clock,
    d.financeSettings,
    d.responsible,
    d.solo,
    d.changes,
  );
  return {
    /** The payment gateway in use (PAYMENT_GATEWAY). */
    paymentGateway: d.paymentGateway,
    payments,
    chainDeposits: new ChainDepositsService(c.db, c.clock, c.log, d.usdtChain, d.financeSettings, payments, {
      minCents: c.config.finance.usdtChain.minCents,
      watchMs: c.config.finance.usdtChain.watchMs,
    }),
    /** The console's deposit list and gateway notifications, from Core.reads; confirming reads the primary. */
    depositQueue: new DepositQueueService(c.reads),
  };
}
