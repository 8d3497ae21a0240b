import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** 合买: the initiator's least part, and how long before the first match's sales close shares stop selling. */
export const syndicatesConfig = configPart(
  {
    /** The least part of a plan its initiator buys, in basis points of its shares (500 = 5 %). */
    SYNDICATE_MIN_INITIATOR_BP: z.coerce.number().int().min(0).max(10_000).default(500),
    /** Shares stop selling this many minutes before the first match's sales close; the plan is decided then. */
    SYNDICATE_DEADLINE_LEAD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(5),
  },
  (e) => ({
    syndicates: {
      minInitiatorBp: e.SYNDICATE_MIN_INITIATOR_BP,
      deadlineLeadMs: e.SYNDICATE_DEADLINE_LEAD_MINUTES * 60_000,
    },
  }),
);
