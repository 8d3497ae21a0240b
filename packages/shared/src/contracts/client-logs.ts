import { z } from 'zod';
import { isoDate, paginated } from './common.ts';

/**
 * Client logs (SPEC.md §3 "Client log entry", §7 "Logs"): the app uploads batches of its log
 * buffer; a member reads, exports and clears only their own.
 */

/** One upload carries at most this many entries (the client sends its buffer in batches). */
export const LOG_UPLOAD_MAX_ENTRIES = 200;
/** `data` of one entry, as JSON, may not exceed this many characters. */
export const LOG_DATA_MAX_CHARS = 4_000;
/** The server keeps at most this many entries per member (oldest dropped first). */
export const LOG_KEEP_PER_MEMBER = 5_000;
/** Largest upload request body accepted, in bytes. */
export const LOG_UPLOAD_MAX_BYTES = 512 * 1024;

export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

/** Categories counted as network logs by `/v1/logs/network`. */
export const NETWORK_LOG_CATEGORIES = ['network', 'api', 'realtime'] as const;

const text = (name: string, max: number) =>
  z.string({ error: `${name}必须是文本` }).max(max, `${name}不能超过${max}个字符`);

const epochMs = z
  .number({ error: '时间戳必须是数字' })
  .int('时间戳必须是整数')
  .min(1_000_000_000_000, '时间戳须为毫秒')
  .max(9_999_999_999_999, '时间戳须为毫秒');

export const clientLogInput = z.object({
  id: text('日志ID', 64).min(1, '日志ID不能为空'),
  timestamp: epochMs,
  level: z.enum(CLIENT_LOG_LEVELS, { error: '日志级别须为 debug、info、warn 或 error' }),
  category: text('日志分类', 64).min(1, '日志分类不能为空'),
  message: text('日志内容', 2_000),
  data: z
    .unknown()
    .optional()
    .refine(
      (value) => value === undefined || JSON.stringify(value).length <= LOG_DATA_MAX_CHARS,
      `日志数据不能超过${LOG_DATA_MAX_CHARS}个字符`,
    ),
  platform: text('平台', 32).optional(),
  system: text('系统', 200).optional(),
  version: text('版本', 32).optional(),
});
export type ClientLogInput = z.infer<typeof clientLogInput>;

export const deviceInfo = z.object({
  platform: text('平台', 32).min(1, '请提供平台'),
  system: text('系统', 200),
  version: text('版本', 32),
  timestamp: epochMs,
});

export const logUploadBody = z.object({
  logs: z
    .array(clientLogInput, { error: '日志须为数组' })
    .min(1, '日志不能为空')
    .max(LOG_UPLOAD_MAX_ENTRIES, `每次最多上传${LOG_UPLOAD_MAX_ENTRIES}条日志`),
  deviceInfo,
});
export type LogUploadBody = z.infer<typeof logUploadBody>;

export const logUploadResult = z.object({
  accepted: z.number().int().describe('New entries stored'),
  duplicates: z.number().int().describe('Entries already uploaded before (same id)'),
});

export const logListQuery = z.object({
  level: z.enum(CLIENT_LOG_LEVELS, { error: '日志级别须为 debug、info、warn 或 error' }).optional(),
  category: text('日志分类', 64).optional(),
  page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').default(1),
  per_page: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数不能小于1')
    .max(100, '每页条数不能大于100')
    .default(50),
});

export const storedClientLog = z.object({
  id: z.number().int(),
  client_id: z.string(),
  timestamp: isoDate,
  level: z.enum(CLIENT_LOG_LEVELS),
  category: z.string(),
  message: z.string(),
  data: z.unknown(),
  platform: z.string(),
  system: z.string(),
  version: z.string(),
  uploaded_at: isoDate,
});
export type StoredClientLog = z.infer<typeof storedClientLog>;
export const clientLogPage = paginated(storedClientLog);

export const clientLogStats = z.object({
  total: z.number().int(),
  by_level: z.object({
    debug: z.number().int(),
    info: z.number().int(),
    warn: z.number().int(),
    error: z.number().int(),
  }),
  by_platform: z.array(z.object({ platform: z.string(), count: z.number().int() })),
  by_category: z.array(z.object({ category: z.string(), count: z.number().int() })),
  first_at: isoDate.nullable(),
  last_at: isoDate.nullable(),
});
export type ClientLogStats = z.infer<typeof clientLogStats>;

export const clientLogExport = z.object({
  exported_at: isoDate,
  count: z.number().int(),
  logs: z.array(storedClientLog),
});
export const clientLogDeleteResult = z.object({ deleted: z.number().int() });
