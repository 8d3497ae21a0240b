import { z } from 'zod';
import { bool, configPart } from '../../config/parts.ts';

/** Sports: the simulator's clock, the feed sync's window, the in-play bet delays. */
export const sportsConfig = configPart(
  {
    /** Sports simulator: match minutes per real minute, and minutes between kick-offs. */
    SPORTS_SIM_SPEED: z.coerce.number().min(0.1).max(10_000).default(10),
    SPORTS_SIM_FOOTBALL_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(15),
    SPORTS_SIM_BASKETBALL_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(20),
    /** Compressed test clocks only: book clubs again once every club has played that day. */
    SPORTS_SIM_REPEAT_TEAMS: bool,
    /** Name the simulated feed's matches are stored under. */
    SPORTS_FEED_NAME: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .default('simulator'),
    SPORTS_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
    /** In-play (滚球) bet delay per sport: an order with a live leg is decided this long after submit. */
    SPORTS_BET_DELAY_FOOTBALL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    SPORTS_BET_DELAY_BASKETBALL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
    /** The window of fixtures the sync keeps: minutes back (finished matches) and ahead. */
    SPORTS_SYNC_BACK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(720),
    SPORTS_SYNC_AHEAD_MINUTES: z.coerce.number().int().min(1).max(43_200).default(4_320),
    /** How long after kick-off a settled match's result is compared with the feed's later word. */
    SPORTS_RESULT_RECHECK_HOURS: z.coerce.number().int().min(1).max(2_160).default(96),
  },
  (e) => ({
    sports: {
      feedName: e.SPORTS_FEED_NAME,
      speed: e.SPORTS_SIM_SPEED,
      footballIntervalMin: e.SPORTS_SIM_FOOTBALL_INTERVAL_MIN,
      basketballIntervalMin: e.SPORTS_SIM_BASKETBALL_INTERVAL_MIN,
      repeatTeamsWhenFull: e.SPORTS_SIM_REPEAT_TEAMS ?? false,
      syncIntervalMs: e.SPORTS_SYNC_INTERVAL_MS,
      backMinutes: e.SPORTS_SYNC_BACK_MINUTES,
      aheadMinutes: e.SPORTS_SYNC_AHEAD_MINUTES,
      resultRecheckHours: e.SPORTS_RESULT_RECHECK_HOURS,
      /** In-play bet delay per sport, in ms (the longest of an order's live legs applies). */
      betDelayMs: {
        football: e.SPORTS_BET_DELAY_FOOTBALL_MS,
        basketball: e.SPORTS_BET_DELAY_BASKETBALL_MS,
      },
    },
  }),
);
