import type { Core } from '../../core.ts';
import type { Tx } from '../../db/client.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { FreeBetsService } from './free-bets.service.ts';

/** 免费投注券: grants, tickets, and the stake taken back at settlement (the sports book calls it). */
export function createFreeBets(
  c: Core,
  d: {
    ledger: LedgerService;
    operators: OperatorsService;
    changes: ControlChanges;
    responsible: ResponsiblePlayService;
    approvalThreshold: (tx: Tx) => Promise<bigint>;
  },
) {
  return { freeBets: new FreeBetsService(c.db, c.reads, { ...d, clock: c.clock }) };
}
