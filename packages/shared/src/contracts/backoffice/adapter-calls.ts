import { z } from 'zod';
import { isoDate, pageQuery } from '../common.ts';

// ---- 外部调用: every HTTP call an adapter made to its provider (adapter_calls) ----

/** The adapters whose calls are recorded, as the console names them. */
export const ADAPTER_CALL_ADAPTERS = {
  epay: '易支付',
  sporttery: '竞彩数据',
  trongrid: 'TronGrid',
  'aliyun-sms': '阿里云短信',
} as const;
export type AdapterCallAdapter = keyof typeof ADAPTER_CALL_ADAPTERS;
const ADAPTER_KEYS = Object.keys(ADAPTER_CALL_ADAPTERS) as [AdapterCallAdapter, ...AdapterCallAdapter[]];

/** What became of one call (`adapter_calls.outcome`). */
export const ADAPTER_CALL_OUTCOMES = {
  ok: '成功',
  refused: '服务商拒绝',
  invalid: '应答无法识别',
  http_error: 'HTTP 错误',
  timeout: '超时',
  network: '网络错误',
} as const;
export type AdapterCallOutcomeKey = keyof typeof ADAPTER_CALL_OUTCOMES;
const OUTCOME_KEYS = Object.keys(ADAPTER_CALL_OUTCOMES) as [
  AdapterCallOutcomeKey,
  ...AdapterCallOutcomeKey[],
];

const day = z.iso.date({ error: '日期格式应为 YYYY-MM-DD' });

export const adapterCallQuery = pageQuery.extend({
  adapter: z.enum(ADAPTER_KEYS, { error: '外部系统无效' }).optional(),
  outcome: z.enum(OUTCOME_KEYS, { error: '调用结果无效' }).optional(),
  /** An operation as the list shows it, e.g. order, query:order, football:getMatchCalculatorV1. */
  operation: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._/-]{1,80}$/, '操作名称不正确')
    .optional(),
  /** Days of the call (Beijing), inclusive. */
  from: day.optional(),
  to: day.optional(),
});
export type AdapterCallQuery = z.infer<typeof adapterCallQuery>;

/** One call as recorded: secrets, signatures and verification codes masked; request and answer cut to 2 KB. */
export const adapterCallItem = z.object({
  id: z.string().describe('bigint'),
  adapter: z.string().describe('A key of ADAPTER_CALL_ADAPTERS'),
  adapter_name: z.string(),
  operation: z.string(),
  method: z.string(),
  url: z.string().describe('Secret query values masked'),
  request: z.string().nullable().describe('The body sent, masked; null for a GET'),
  status: z.number().int().nullable().describe('Null when no answer came'),
  answer: z.string().nullable(),
  duration_ms: z.number().int(),
  outcome: z.string().describe('A key of ADAPTER_CALL_OUTCOMES'),
  outcome_text: z.string(),
  attempt: z
    .number()
    .int()
    .describe('1 for a first try; n for the n-th identical request in a row after failures'),
  created_at: isoDate,
});
export type AdapterCallItem = z.infer<typeof adapterCallItem>;
