import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** SMS codes: how long one lives, how often and how many a number and an address may ask for. */
export const verificationConfig = configPart(
  {
    /** Minutes a code stays valid. */
    SMS_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
    /** Wrong answers a code takes before it is dead (a new one must be asked for). */
    SMS_CODE_MAX_TRIES: z.coerce.number().int().min(1).max(20).default(5),
    /** Seconds between two codes to one number. */
    SMS_RESEND_SECONDS: z.coerce.number().int().min(10).max(3_600).default(60),
    /** Codes one number may be sent in a day (Beijing time). */
    SMS_DAILY_PER_PHONE: z.coerce.number().int().min(1).max(1_000).default(10),
    /** Codes asked for from one address in a day (Beijing time), to any numbers. */
    SMS_DAILY_PER_IP: z.coerce.number().int().min(1).max(10_000).default(30),
    /**
     * SMS_PROVIDER=aliyun's AccessKey secret (the adapter reads it with ALIYUN_SMS_*): declared
     * here so that APP_ENV=production holds it to the secrets' checks (ops/secrets.ts).
     */
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).max(200).optional(),
  },
  (e) => ({
    sms: {
      codeTtlMs: e.SMS_CODE_TTL_MINUTES * 60_000,
      maxTries: e.SMS_CODE_MAX_TRIES,
      resendMs: e.SMS_RESEND_SECONDS * 1_000,
      dailyPerPhone: e.SMS_DAILY_PER_PHONE,
      dailyPerIp: e.SMS_DAILY_PER_IP,
    },
  }),
);
