import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** The game provider's time limit, reconciliation and round sync. */
export const gamesConfig = configPart(
  {
    /** Game provider: how long one call may take before a transfer is left pending for reconciliation. */
    GAME_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(5_000),
    /** How often pending game transfers are reconciled, and how old one must be to be touched. */
    GAME_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    GAME_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** How often the provider's settled rounds are copied into game_records. */
    GAME_RECORD_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  },
  (e) => ({
    games: {
      timeoutMs: e.GAME_PROVIDER_TIMEOUT_MS,
      reconcileIntervalMs: e.GAME_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: e.GAME_RECONCILE_AFTER_MS,
      recordSyncIntervalMs: e.GAME_RECORD_SYNC_INTERVAL_MS,
    },
  }),
);
