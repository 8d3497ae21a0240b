/**
 * zod schemas of the engine's inputs, for contracts and for reading stored JSON. Shape only:
 * the rules (option keys, odds, lines, limits) are checked by validateBetSlip.
 */
import { z } from 'zod';
import { BET_TYPES, SPORTS } from './play-types.ts';
import { BET_MODES } from './validation.ts';

export const betSelectionSchema = z.object({
  matchId: z.string().min(1).max(64),
  sport: z.enum(SPORTS),
  betType: z.enum(BET_TYPES),
  option: z.string().min(1).max(16),
  odds: z.string().regex(/^\d{1,5}(\.\d{1,2})?$/, '赔率格式不正确'),
  line: z.string().max(16).nullish(),
});

const scoreSchema = z.object({ home: z.number().int().min(0), away: z.number().int().min(0) });

const finishedSchema = z.discriminatedUnion('sport', [
  z.object({
    status: z.literal('finished'),
    sport: z.literal('football'),
    fullTime: scoreSchema,
    halfTime: scoreSchema,
  }),
  z.object({ status: z.literal('finished'), sport: z.literal('basketball'), final: scoreSchema }),
]);

export const matchResultSchema = z.union([
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('void') }),
  finishedSchema,
]);

export const betModeSchema = z.enum(BET_MODES);
