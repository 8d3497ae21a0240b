import { z } from 'zod';
import { AMOUNT_PROBLEM_MESSAGES, parseYuan } from '../money.ts';

/** Every /v1 response: `{ code, message, data }`; code 200 is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('200 on success, otherwise the HTTP status'),
    message: z.string().describe('Simplified Chinese, shown to the member'),
    data,
  });
}

export const errorEnvelope = z
  .object({
    code: z.number().int(),
    message: z.string(),
    data: z.null().or(z.record(z.string(), z.unknown())),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Failure: code equals the HTTP status; message is Chinese' });

/** Money in a response: decimal string of 元 with two decimals. */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({
    description: 'Amount in 元 as a decimal string with two decimals, e.g. "12.50"',
    example: '12.50',
  });

/** Money in a request: a string or number of 元, positive, at most two decimals; parsed to 分 (bigint). */
export const moneyInput = z
  .union([z.string(), z.number()], { error: '金额格式不正确' })
  .transform((value, ctx) => {
    const parsed = parseYuan(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_PROBLEM_MESSAGES[parsed.reason] });
      return z.NEVER;
    }
    return parsed.fen;
  })
  .meta({ description: 'Amount in 元: string or number, at most two decimals', example: '100.00' });

/** 0/1 flag as SPEC.md §3 stores them. */
export const flag = z.union([z.literal(0), z.literal(1)]);

export const idParam = z.object({
  id: z.coerce
    .number({ error: 'id 必须是数字' })
    .int('id 必须是整数')
    .positive('id 必须为正数')
    .max(2 ** 53 - 1),
});

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** One page of a paginated list: what `paginated(item)` answers, for code that handles any list. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    has_more: z.boolean(),
  });
}

export const okData = z.null().describe('No payload');

/** A timestamp in responses: ISO 8601 with offset. */
export const isoDate = z.string().meta({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' });
