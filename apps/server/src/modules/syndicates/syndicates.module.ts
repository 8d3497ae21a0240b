import type { Core } from '../../core.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import type { SyndicateBets } from '../lottery/index.ts';
import type { SyndicateOrders } from '../sports/index.ts';
import { SyndicatesService } from './syndicates.service.ts';

/** 合买: plans, their shares, the job that decides them, and the split of their payouts. */
export function createSyndicates(
  c: Core,
  d: {
    ledger: LedgerService;
    idempotency: IdempotencyService;
    messages: MessagesService;
    responsible: ResponsiblePlayService;
    operators: OperatorsService;
    orders: SyndicateOrders;
    bets: SyndicateBets;
  },
) {
  return {
    syndicates: new SyndicatesService(c.db, c.reads, c.config.syndicates, {
      ...d,
      clock: c.clock,
      log: c.log,
    }),
  };
}
