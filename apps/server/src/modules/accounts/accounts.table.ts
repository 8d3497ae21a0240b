import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const fen = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);
const flag = (name: string, initial: 0 | 1 = 0) => smallint(name).notNull().default(initial);

export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** Stored lower-case; login is case-insensitive. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    paymentPasswordHash: text('payment_password_hash'),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile'),
    /** When the member proved the number by an SMS code; only a verified number can reset a password. */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    email: text('email'),
    realName: text('real_name'),
    vipLevel: integer('vip_level').notNull().default(0),
    codingvolume: fen('codingvolume'),
    paysum: fen('paysum'),
    totalgame: fen('totalgame'),
    totalWithdraw: fen('total_withdraw'),
    lotteryToken: text('lottery_token'),
    /** 自动转入: a lottery bet takes its stake from the main wallet, moved in the bet's transaction. */
    lotteryAutoTransfer: flag('lottery_auto_transfer'),
    /** 理性投注 reality check: minutes between reminders (0 = off; 30, 60, 120). */
    realityCheckMinutes: smallint('reality_check_minutes').notNull().default(0),
    /** 《用户协议》/《隐私政策》 version the member accepted at registration, when, and that they said they are 18+. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    isMock: flag('is_mock'),
    disableNggame: flag('disable_nggame'),
    isBlack: flag('is_black'),
    isAgent: flag('is_agent'),
    enabled: flag('enabled', 1),
    disableWithdraw: flag('disable_withdraw'),
    disableGame: flag('disable_game'),
    /** The member's own code for inviting others. */
    inviteCode: text('invite_code').notNull(),
    /** Set for approved agents: the code members register with. */
    agentCode: text('agent_code'),
    inviterId: integer('inviter_id').references((): AnyPgColumn => members.id),
    agentId: integer('agent_id').references((): AnyPgColumn => members.id),
    registerType: text('register_type', {
      enum: ['plain', 'invite', 'agent', 'domain', 'smart', 'seed'],
    }).notNull(),
    registerIp: text('register_ip'),
    registerDomain: text('register_domain'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(t.username),
    uniqueIndex('members_invite_code_uq').on(t.inviteCode),
    uniqueIndex('members_agent_code_uq').on(t.agentCode),
    index('members_inviter_idx').on(t.inviterId),
    index('members_agent_idx').on(t.agentId),
    // A verified number belongs to one member: it is how a forgotten password is reset.
    uniqueIndex('members_verified_mobile_uq')
      .on(t.mobile)
      .where(sql`${t.mobileVerifiedAt} IS NOT NULL`),
    check('members_codingvolume_nonneg', sql`${t.codingvolume} >= 0`),
  ],
);

/** Domains bound to an agent: registering through one makes the member that agent's. */
export const agentDomains = pgTable(
  'agent_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    domain: text('domain').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_domains_domain_uq').on(t.domain)],
);

/** Bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last reality check the member answered 继续 to in this session (the next is due an interval later). */
    realityCheckedAt: timestamp('reality_checked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

/** Every login attempt, for rate limiting and the member's security history. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.username, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);
