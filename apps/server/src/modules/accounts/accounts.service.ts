import { shanghaiMinute, type TERMS_VERSION, type UserInfo } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  newCode,
  newCredentials,
  newToken,
  sha256,
  verifyPassword,
} from '../../lib/crypto.ts';
import { isRefusal, pgConstraint, pgErrorCode, PG_UNIQUE_VIOLATION, refuse } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import { toUserInfo, maskUsername, type Balances } from './accounts.mapper.ts';
import * as repo from './accounts.repo.ts';
import { waitWords, type Limits, type WrongSecretReason } from '../limits/index.ts';
import type { CheckedCode, VerificationService } from '../verification/index.ts';
import { deviceLabel } from './devices.ts';

export interface RequestContext {
  ip: string;
  userAgent: string;
  /** Host name the request was sent to (no port), for registration by domain. */
  host: string;
}

export type RegisterType = 'plain' | 'invite' | 'agent' | 'domain' | 'smart' | 'seed';

export type RegisterInput = {
  username: string;
  password: string;
  inviteCode?: string | undefined;
  agentCode?: string | undefined;
  domain?: string | undefined;
  /** The number and its SMS code, required while sms_open is on. */
  mobile?: string | undefined;
  smsCode?: string | undefined;
} & (
  | {
      type: Exclude<RegisterType, 'seed'>;
      /** The version of 《用户协议》/《隐私政策》 the member accepted (the contract admits only the current one). */
      termsVersion: typeof TERMS_VERSION;
    }
  // Demo accounts the seed creates accepted nothing.
  | { type: 'seed'; termsVersion?: undefined }
);

export interface AuthResult {
  token: string;
  token_type: 'Bearer';
  expires_at: string;
  userinfo: UserInfo;
}

export interface Authenticated {
  member: repo.MemberRow;
  sessionId: number;
}

/** A member is "online" when a session of theirs was used within this many minutes. */
const ONLINE_WINDOW_MINUTES = 5;
/** Sessions record their last use at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;
/** The window of the failure limit on the old password and the payment password. */
const SECRET_WINDOW_MS = 15 * 60_000;
/** Wallets every member has from the start. */
const INITIAL_WALLETS = ['main', 'frozen'] as const;

/** The system message every new member finds in the inbox. */
function welcomeMessage(memberId: number, username: string): InboxNotice {
  return {
    memberId,
    type: 'system',
    title: '欢迎加入金彩体育',
    content: `尊敬的 ${username}，欢迎您加入金彩体育！首次充值可参加首充赠送活动，每日签到还有彩金可领，详情请前往活动中心查看。祝您游戏愉快！`,
    link: '/pages/activity/activity',
    dedupeKey: 'welcome',
  };
}

/** Told to the member when an account signs in from a browser or device it never used before. */
function newDeviceNotice(memberId: number, userAgent: string, ip: string, at: Date): InboxNotice {
  return {
    memberId,
    type: 'system',
    title: '新设备登录提醒',
    content: `您的账号于 ${shanghaiMinute(at)} 在新设备（${deviceLabel(userAgent)}，IP ${ip}）上登录。如非本人操作，请立即修改登录密码，并在“登录设备”中退出该设备。`,
    link: '/minePages/devices',
    dedupeKey: `new-device:${at.getTime()}:${sha256(userAgent).slice(0, 16)}`,
  };
}

/** A system message to a member's inbox (welcome, security notices), sent through the messages module. */
export interface InboxNotice {
  memberId: number;
  type: 'system';
  title: string;
  content: string;
  link: string;
  dedupeKey: string;
}

/**
 * What accounts asks of modules above it, wired by the composition root: every module's tables
 * name members, so accounts sits below the ledger and the inbox and cannot import them.
 */
export interface AccountsPorts {
  /** The ledger's wallets: created empty at registration, read for the balances a session shows. */
  wallets: {
    create(tx: Tx, memberId: number, kinds: readonly string[]): Promise<void>;
    of(handle: Db | Tx, memberId: number): Promise<Array<{ kind: string; balance: bigint; updatedAt: Date }>>;
  };
  /** The inbox, in the transaction of what it reports. */
  inbox: { send(work: Work, message: InboxNotice): Promise<unknown> };
  /** SMS codes: registration with a number, resets and phone changes. */
  codes: Pick<VerificationService, 'send' | 'check' | 'use'>;
  /** Whether the operator turned SMS verification on (app info `sms_open`). */
  smsOpen: () => Promise<boolean>;
}

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly events: EventBus,
    private readonly ports: AccountsPorts,
    private readonly clock: Clock,
    private readonly limits: Limits,
  ) {}

  // ---- registration -------------------------------------------------------------------

  async register(input: RegisterInput, ctx: RequestContext): Promise<AuthResult> {
    const username = input.username.toLowerCase();
    const links = await this.resolveLinks(input, ctx);
    if (await repo.findMemberByUsername(this.db, username)) throw refuse('accounts.username_taken');
    const phone = await this.registrationPhone(input);
    const passwordHash = await hashPassword(input.password);
    const inviteCode = await this.freshInviteCode();
    try {
      return await inTransaction(this.db, async (work) => {
        const { tx } = work;
        const now = this.clock.now();
        if (phone) await this.ports.codes.use(tx, phone);
        const member = await repo.insertMember(tx, {
          username,
          mobile: phone?.phone ?? null,
          mobileVerifiedAt: phone ? now : null,
          passwordHash,
          nickname: username,
          inviteCode,
          inviterId: links.inviterId,
          agentId: links.agentId,
          registerType: input.type,
          registerIp: ctx.ip,
          registerDomain: links.domain,
          termsVersion: input.termsVersion ?? null,
          termsAcceptedAt: input.termsVersion ? now : null,
        });
        await this.ports.wallets.create(tx, member.id, INITIAL_WALLETS);
        await this.ports.inbox.send(work, welcomeMessage(member.id, username));
        return this.openSession(tx, member, ctx);
      });
    } catch (err) {
      if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
        throw refuse(
          pgConstraint(err) === 'members_verified_mobile_uq'
            ? 'accounts.phone_taken'
            : 'accounts.username_taken',
        );
      }
      throw err;
    }
  }

  /** One tap: the server makes up the account name and password and returns them this once. */
  async smartRegister(
    input: {
      inviteCode?: string | undefined;
      agentCode?: string | undefined;
      mobile?: string | undefined;
      smsCode?: string | undefined;
      termsVersion: typeof TERMS_VERSION;
    },
    ctx: RequestContext,
  ): Promise<AuthResult & { username: string; password: string }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const credentials = newCredentials();
      try {
        const result = await this.register({ ...credentials, ...input, type: 'smart' }, ctx);
        return { ...result, ...credentials };
      } catch (err) {
        if (!isRefusal(err, 'accounts.username_taken')) throw err;
      }
    }
    throw refuse('accounts.register_busy');
  }

  async validateInviteCode(code: string) {
    const inviter = await repo.findMemberByInviteCode(this.db, code);
    if (!inviter || !inviter.enabled) return { valid: false, inviter: null, agent_id: null };
    return { valid: true, inviter: maskUsername(inviter.username), agent_id: this.agentOf(inviter) };
  }

  async validateAgentCode(code: string) {
    const agent = await repo.findAgentByCode(this.db, code);
    if (!agent || !agent.enabled) return { valid: false, inviter: null, agent_id: null };
    return { valid: true, inviter: maskUsername(agent.username), agent_id: agent.id };
  }

  async validateDomain(domain: string) {
    const agent = await repo.findAgentByDomain(this.db, domain);
    const bound = !!agent && agent.enabled === 1;
    return {
      domain,
      valid: true,
      bound,
      agent_id: bound ? agent.id : null,
      agent_code: bound ? agent.agentCode : null,
    };
  }

  // ---- sessions -----------------------------------------------------------------------

  async login(username: string, password: string, ctx: RequestContext): Promise<AuthResult> {
    const name = username.toLowerCase();
    const known = await this.knownAddress(name, ctx.ip);
    const member = await this.limits.login.attempt('member', name, ctx.ip, known, async (attempt) => {
      const member = await repo.findMemberByUsername(this.db, name);
      // Verify against a dummy hash when the account is unknown so the timing reveals nothing.
      const valid = await verifyPassword(password, member?.passwordHash ?? DUMMY_PASSWORD_HASH);
      await (member && valid ? attempt.succeeded() : attempt.failed());
      await repo.recordLoginAttempt(this.db, name, ctx.ip, valid && !!member, this.clock.now());
      if (member && valid) return member;
      // The last failure before the lock says so (the next try from here is refused).
      throw refuse('accounts.login_failed', {
        left: attempt.left,
        wait: waitWords(attempt.resetAt.getTime() - this.clock.now().getTime()),
      });
    });
    if (!member.enabled) throw refuse('accounts.disabled');
    return inTransaction(this.db, async (work) => {
      const { tx } = work;
      const now = this.clock.now();
      const userAgent = ctx.userAgent.slice(0, 500);
      const known = await repo.signedInWith(tx, member.id, userAgent);
      const updated = await repo.updateMember(tx, member.id, { lastLoginAt: now, lastLoginIp: ctx.ip }, now);
      const result = await this.openSession(tx, updated, ctx);
      if (!known) await this.ports.inbox.send(work, newDeviceNotice(member.id, userAgent, ctx.ip, now));
      return result;
    });
  }

  /** Resolves a bearer token to its member; undefined when unknown, revoked, expired or disabled. */
  async authenticate(token: string): Promise<Authenticated | undefined> {
    const now = this.clock.now();
    const found = await repo.findLiveSession(this.db, sha256(token), now);
    if (!found || !found.member.enabled) return undefined;
    if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touchSession(this.db, found.session.id, now);
    }
    return { member: found.member, sessionId: found.session.id };
  }

  async logout(auth: Authenticated): Promise<void> {
    await repo.revokeSession(this.db, auth.sessionId, this.clock.now());
    this.events.emit('session.revoked', { memberId: auth.member.id, sessionIds: [auth.sessionId] });
  }

  // ---- the member's own account -------------------------------------------------------

  async userInfo(memberId: number): Promise<UserInfo> {
    const member = await repo.findMemberById(this.db, memberId);
    if (!member) throw refuse('accounts.member_not_found');
    const [balances, online] = await Promise.all([
      this.balancesOf(memberId),
      repo.isRecentlyActive(this.db, memberId, ONLINE_WINDOW_MINUTES, this.clock.now()),
    ]);
    return toUserInfo(member, balances, online);
  }

  async balancesOf(memberId: number): Promise<Balances & { updatedAt: Date }> {
    const rows = await this.ports.wallets.of(this.db, memberId);
    const of = (kind: string) => rows.find((w) => w.kind === kind);
    const updatedAt = rows.reduce((latest, w) => (w.updatedAt > latest ? w.updatedAt : latest), new Date(0));
    return {
      main: of('main')?.balance ?? 0n,
      frozen: of('frozen')?.balance ?? 0n,
      lottery: of('lottery')?.balance ?? 0n,
      updatedAt,
    };
  }

  async updateProfile(
    memberId: number,
    changes: {
      nickname?: string | undefined;
      avatar?: string | undefined;
      mobile?: string | undefined;
      email?: string | undefined;
      real_name?: string | undefined;
    },
  ): Promise<UserInfo> {
    const member = await this.requireMember(memberId);
    if (changes.real_name !== undefined && member.realName && member.realName !== changes.real_name) {
      throw refuse('accounts.real_name_set');
    }
    const update: Partial<repo.NewMember> = {};
    if (changes.nickname !== undefined) update.nickname = changes.nickname;
    if (changes.avatar !== undefined) update.avatar = changes.avatar;
    if (changes.mobile !== undefined) {
      // A number set by hand is unverified: with SMS on, a number is bound by its code only.
      if (await this.ports.smsOpen()) throw refuse('accounts.phone_needs_code');
      if (member.mobileVerifiedAt) throw refuse('accounts.phone_already_bound');
      update.mobile = changes.mobile;
    }
    if (changes.email !== undefined) update.email = changes.email.toLowerCase();
    if (changes.real_name !== undefined) update.realName = changes.real_name;
    const now = this.clock.now();
    await repo.updateMember(this.db, memberId, update, now);
    this.events.emit('member.changed', {
      memberId,
      changedFields: Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined),
      changeType: 'profile',
      at: now,
    });
    return this.userInfo(memberId);
  }

  /** Changes the login password and ends every other session of the member. */
  async changePassword(
    auth: Authenticated,
    oldPassword: string,
    newPassword: string,
  ): Promise<{ revoked_sessions: number }> {
    const member = await this.requireMember(auth.member.id);
    await this.checkSecret(
      member.id,
      'password',
      oldPassword,
      member.passwordHash,
      'accounts.old_password_wrong',
    );
    if (oldPassword === newPassword) throw refuse('accounts.same_password');
    const passwordHash = await hashPassword(newPassword);
    const revoked = await inTransaction(this.db, async ({ tx }) => {
      const now = this.clock.now();
      await repo.updateMember(tx, member.id, { passwordHash }, now);
      return repo.revokeOtherSessions(tx, member.id, auth.sessionId, now);
    });
    if (revoked.length > 0) this.events.emit('session.revoked', { memberId: member.id, sessionIds: revoked });
    return { revoked_sessions: revoked.length };
  }

  /**
   * Sets the 6-digit payment password. The first time it needs the login password;
   * afterwards the current payment password.
   */
  async setPaymentPassword(
    memberId: number,
    input: {
      payment_password: string;
      old_payment_password?: string | undefined;
      login_password?: string | undefined;
    },
  ): Promise<{ has_payment_password: true }> {
    const member = await this.requireMember(memberId);
    if (member.paymentPasswordHash) {
      if (!input.old_payment_password) throw refuse('accounts.old_payment_password_required');
      await this.checkSecret(
        memberId,
        'payment-password',
        input.old_payment_password,
        member.paymentPasswordHash,
        'accounts.old_payment_password_wrong',
      );
    } else {
      if (!input.login_password) throw refuse('accounts.login_password_required');
      await this.checkSecret(
        memberId,
        'password',
        input.login_password,
        member.passwordHash,
        'accounts.login_password_wrong',
      );
    }
    const paymentPasswordHash = await hashPassword(input.payment_password);
    await repo.updateMember(this.db, memberId, { paymentPasswordHash }, this.clock.now());
    return { has_payment_password: true };
  }

  /**
   * Checks a payment password (withdrawals) under the failure limit; throws with a clear message
   * when wrong or unset. `onWrong` runs for a wrong one (the caller's record of it).
   */
  async verifyPaymentPassword(
    memberId: number,
    paymentPassword: string,
    onWrong?: () => Promise<void>,
  ): Promise<void> {
    const member = await this.requireMember(memberId);
    if (!member.paymentPasswordHash) throw refuse('accounts.payment_password_unset');
    await this.checkSecret(
      memberId,
      'payment-password',
      paymentPassword,
      member.paymentPasswordHash,
      'accounts.payment_password_wrong',
      onWrong,
    );
  }

  // ---- helpers ------------------------------------------------------------------------

  /** With sms_open on, registration needs a number and its code (checked here, used in the insert). */
  private async registrationPhone(input: RegisterInput): Promise<CheckedCode | null> {
    if (input.type === 'seed' || !(await this.ports.smsOpen())) return null;
    if (!input.mobile || !input.smsCode) throw refuse('accounts.phone_required');
    if (await repo.findMemberByVerifiedMobile(this.db, input.mobile)) throw refuse('accounts.phone_taken');
    return this.ports.codes.check(input.mobile, 'register', input.smsCode);
  }

  /** Whether the account signed in from this address within the login records' retention. */
  private knownAddress(username: string, ip: string): Promise<boolean> {
    const days = this.config.housekeeping.loginAttemptRetentionDays;
    return repo.signedInFrom(this.db, username, ip, new Date(this.clock.now().getTime() - days * 86_400_000));
  }

  /** Checks the member's old password or payment password under the failure limit (decision 015). */
  private checkSecret(
    memberId: number,
    kind: 'password' | 'payment-password',
    secret: string,
    hash: string,
    wrong: WrongSecretReason,
    onWrong?: () => Promise<void>,
  ): Promise<void> {
    return this.limits.failures.checkSecret({
      rule: {
        key: `secret:${kind}:${memberId}`,
        max: this.config.limits.passwordFailures,
        windowMs: SECRET_WINDOW_MS,
      },
      tooMany: kind === 'password' ? 'limits.password_locked' : 'limits.payment_password_locked',
      wrong,
      verify: () => verifyPassword(secret, hash),
      onWrong,
    });
  }

  private async requireMember(memberId: number): Promise<repo.MemberRow> {
    const member = await repo.findMemberById(this.db, memberId);
    if (!member) throw refuse('accounts.member_not_found');
    return member;
  }

  /** Who invited the new member and which agent they belong to, from the code or domain used. */
  private async resolveLinks(
    input: RegisterInput,
    ctx: RequestContext,
  ): Promise<{ inviterId: number | null; agentId: number | null; domain: string | null }> {
    const domain = (input.domain ?? ctx.host).toLowerCase();
    let inviterId: number | null = null;
    let agentId: number | null = null;

    if (input.type === 'domain') {
      const agent = await repo.findAgentByDomain(this.db, domain);
      if (!agent || !agent.enabled) throw refuse('accounts.domain_not_bound');
      agentId = agent.id;
    }
    if (input.agentCode) {
      const agent = await repo.findAgentByCode(this.db, input.agentCode);
      if (!agent || !agent.enabled) throw refuse('accounts.agent_code_invalid');
      agentId = agent.id;
    }
    if (input.inviteCode) {
      const inviter = await repo.findMemberByInviteCode(this.db, input.inviteCode);
      if (!inviter || !inviter.enabled) throw refuse('accounts.invite_code_invalid');
      inviterId = inviter.id;
      agentId ??= this.agentOf(inviter);
    }
    return { inviterId, agentId, domain };
  }

  /** A member invited by an agent, or by one of an agent's members, belongs to that agent. */
  private agentOf(inviter: repo.MemberRow): number | null {
    return inviter.isAgent ? inviter.id : inviter.agentId;
  }

  private async freshInviteCode(): Promise<string> {
    for (;;) {
      const code = newCode(8);
      if (!(await repo.findMemberByInviteCode(this.db, code))) return code;
    }
  }

  private async openSession(db: Db, member: repo.MemberRow, ctx: RequestContext): Promise<AuthResult> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.sessionTtlDays * 86_400_000);
    await repo.insertSession(db, {
      memberId: member.id,
      tokenHash: sha256(token),
      ip: ctx.ip,
      userAgent: ctx.userAgent.slice(0, 500),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    const wallets = await this.ports.wallets.of(db, member.id);
    const of = (kind: string) => wallets.find((w) => w.kind === kind)?.balance ?? 0n;
    return {
      token,
      token_type: 'Bearer',
      expires_at: expiresAt.toISOString(),
      userinfo: toUserInfo(member, { main: of('main'), frozen: of('frozen'), lottery: of('lottery') }, true),
    };
  }
}
