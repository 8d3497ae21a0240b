import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** The game provider's time limit, reconciliation, round sync and the idle wallet recall. */
export const gamesConfig = configPart(
  {
    /** Game provider: how long one call may take before a transfer is left pending for reconciliation. */
    GAME_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(5_000),
    /** How often pending game transfers are reconciled, and how old one must be to be touched. */
    GAME_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    GAME_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** How often the provider's settled rounds are copied into game_records. */
    GAME_RECORD_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
    /**
     * A game wallet whose member has done nothing (no transfer, launch or round) for this many
     * minutes goes back to the main wallet; 0 turns the recall off. At least the launch session's
     * 5 minutes, so a session that can still play is never emptied.
     */
    GAME_IDLE_RECALL_MINUTES: z.coerce
      .number()
      .int()
      .refine((n) => n === 0 || (n >= 5 && n <= 1_440), 'must be 0 (off) or 5 to 1440 minutes')
      .default(30),
    /** How often the idle recall looks for such wallets (leader only). */
    GAME_IDLE_RECALL_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  },
  (e) => ({
    games: {
      timeoutMs: e.GAME_PROVIDER_TIMEOUT_MS,
      reconcileIntervalMs: e.GAME_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: e.GAME_RECONCILE_AFTER_MS,
      recordSyncIntervalMs: e.GAME_RECORD_SYNC_INTERVAL_MS,
      idleRecallMs: e.GAME_IDLE_RECALL_MINUTES * 60_000,
      idleRecallIntervalMs: e.GAME_IDLE_RECALL_INTERVAL_MS,
    },
  }),
);
