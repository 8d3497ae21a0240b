import type { Core } from '../../core.ts';
import type { SoloAllowance } from '../dual-control/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { AdjustmentsService } from './adjustments.service.ts';
import { LedgerService } from './ledger.service.ts';

/** The ledger, and the console's manual adjustments that post to it (maker–checker). */
export function createLedger(
  c: Core,
  d: {
    operators: OperatorsService;
    messages: MessagesService;
    solo: SoloAllowance;
    /** Recounts the console's pending work when an adjustment waits or is decided. */
    queueChanged: () => void;
  },
) {
  const ledger = new LedgerService(c.db, c.events, c.clock);
  return {
    ledger,
    adjustments: new AdjustmentsService(
      c.db,
      c.reads,
      ledger,
      d.operators,
      d.messages,
      d.solo,
      c.clock,
      d.queueChanged,
    ),
  };
}
