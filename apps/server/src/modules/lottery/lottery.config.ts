import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** A draw seed key as hex: at least 32 bytes, whole bytes only. */
export const DRAW_SEED_KEY_PATTERN = /^(?:[0-9a-fA-F]{2}){32,}$/;

/** The lottery scheduler, and the key draw seeds are derived from. */
export const lotteryConfig = configPart(
  {
    /** Lottery scheduler: how often it ticks, and how far ahead periods (and their commitments) are created. */
    LOTTERY_TICK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
    LOTTERY_PERIODS_AHEAD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(5),
    /**
     * The key each period's draw seed is derived from (HMAC-SHA256 of "<code>:<period>"), as hex,
     * at least 32 bytes; every process of a deployment needs the same one. Required under
     * APP_ENV=production; unset elsewhere, a key is generated once into DATA_DIR/draw-seed.key.
     */
    DRAW_SEED_KEY: z
      .string()
      .trim()
      .regex(
        DRAW_SEED_KEY_PATTERN,
        'DRAW_SEED_KEY must be at least 64 hex characters (32 bytes), e.g. `openssl rand -hex 32`',
      )
      .optional(),
  },
  (e) => ({
    lottery: {
      tickIntervalMs: e.LOTTERY_TICK_INTERVAL_MS,
      aheadMs: e.LOTTERY_PERIODS_AHEAD_MINUTES * 60_000,
      /** DRAW_SEED_KEY, lower-case hex; undefined when unset (see draw-seed.ts). */
      drawSeedKey: e.DRAW_SEED_KEY?.toLowerCase(),
    },
  }),
);
