import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** How often the VIP sweep and the rebate run look for what no event reported. */
export const rewardsConfig = configPart(
  {
    /** How often the VIP sweep promotes members an event missed. */
    VIP_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    /** How often finished days' settled bets become claimable rebate records without the member asking. */
    REBATE_RUN_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  },
  (e) => ({
    vipSweepIntervalMs: e.VIP_SWEEP_INTERVAL_MS,
    rebateRunIntervalMs: e.REBATE_RUN_INTERVAL_MS,
  }),
);
