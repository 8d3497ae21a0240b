/** zod schemas for the lottery values that travel as JSON (stored selections, family codes). */
import { z } from 'zod';
import { FAMILY_CODES } from './families.ts';

export const lotteryFamilySchema = z.enum(FAMILY_CODES);

const keys = z.array(z.string().min(1).max(8)).max(64);

/** A stored selection; still run it through the play (formatSelection + validateBetCodes) before use. */
export const lotterySelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('picks'), picks: keys }),
  z.object({
    kind: z.literal('positions'),
    positions: z.array(z.object({ position: z.number().int().min(1).max(10), picks: keys })).max(10),
  }),
  z.object({ kind: z.literal('groups'), groups: z.array(keys).max(3) }),
]);
