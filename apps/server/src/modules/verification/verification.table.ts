import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { SMS_PURPOSES } from './sms-sender.ts';

/**
 * Every SMS verification code asked for, sent or not (the console's 短信记录). Only an HMAC of
 * the code is kept (keyed by a per-deployment secret), and the code itself only when the sender
 * is the simulator (nothing reached a phone). A code is valid for its purpose and number until
 * it expires, is used, is superseded by a newer one, or has been guessed wrong too often.
 * Members are kept by id (no foreign key): a code may be asked for a number no member has.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: SMS_PURPOSES }).notNull(),
    /** The member it was sent for, when known (signed in, or the number's owner for a reset). */
    memberId: integer('member_id'),
    /**
     * sending: handed to the provider, no answer yet; sent: the provider accepted it; failed: the
     * provider refused it or did not answer; skipped: nothing was sent (a reset asked for a number
     * no member has: the answer is the same, and the row keeps the HMAC of a code nobody was told,
     * so answering it behaves the same too). A failed code cannot be used.
     */
    status: text('status', { enum: ['sending', 'sent', 'failed', 'skipped'] }).notNull(),
    codeHash: text('code_hash'),
    /** The code in clear, only when the simulator "sent" it. */
    shownCode: text('shown_code'),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    /** The provider's answer in brief, or why nothing was sent. */
    detail: text('detail').notNull().default(''),
    ip: text('ip').notNull(),
    /** Tries made with this code (each counted before its answer is compared). */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
    index('sms_codes_created_idx').on(t.createdAt),
    check('sms_codes_attempts_nonneg', sql`${t.attempts} >= 0`),
  ],
);
