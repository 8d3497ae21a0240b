import type { DeviceSession, MEMBER_SMS_PURPOSES, UserInfo } from '@app/shared';
import { shanghaiMinute } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import { hashPassword } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import { pgConstraint, refuse } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import type { SentCode } from '../verification/index.ts';
import type {
  AccountsPorts,
  AccountsService,
  Authenticated,
  InboxNotice,
  RequestContext,
} from './accounts.service.ts';
import * as repo from './accounts.repo.ts';
import { deviceLabel } from './devices.ts';

type MemberSmsPurpose = (typeof MEMBER_SMS_PURPOSES)[number];

function securityNotice(memberId: number, title: string, content: string, at: Date): InboxNotice {
  return {
    memberId,
    type: 'system',
    title,
    content: `${content}（${shanghaiMinute(at)}）如非本人操作，请立即联系客服。`,
    link: '/minePages/devices',
    dedupeKey: `security:${title}:${at.getTime()}`,
  };
}

/**
 * What keeps a member's account theirs (issue 40): a forgotten password reset by an SMS code to
 * the verified number, the number bound and changed by codes, the payment password reset by a
 * code, and the member's signed-in devices, each of which they can sign out.
 */
export class AccountSecurityService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly ports: Pick<AccountsPorts, 'codes' | 'smsOpen' | 'inbox'>,
    private readonly accounts: Pick<AccountsService, 'userInfo'>,
  ) {}

  // ---- without a session --------------------------------------------------------------

  /** A code for registering with this number; refused when the number is already a member's. */
  async sendRegisterCode(phone: string, ctx: RequestContext): Promise<SentCode> {
    await this.requireSms();
    if (await repo.findMemberByVerifiedMobile(this.db, phone)) throw refuse('accounts.phone_taken');
    return this.ports.codes.send({ phone, purpose: 'register', ip: ctx.ip, memberId: null });
  }

  /**
   * 忘记密码: a code to the number if it is a member's verified one. The answer, its limits and its
   * time are the same either way (the provider is not waited for), so nobody learns whose number
   * it is.
   */
  async forgotPassword(phone: string, ctx: RequestContext): Promise<SentCode> {
    await this.requireSms();
    const member = await repo.findMemberByVerifiedMobile(this.db, phone);
    const owner = member?.enabled ? member : undefined;
    return this.ports.codes.send(
      { phone, purpose: 'reset_password', ip: ctx.ip, memberId: owner?.id ?? null },
      { deliver: owner !== undefined, wait: false },
    );
  }

  /** Sets a new password by the number's code and ends every session of the member. */
  async resetPassword(input: { phone: string; code: string; password: string }): Promise<{
    revoked_sessions: number;
  }> {
    await this.requireSms();
    const checked = await this.ports.codes.check(input.phone, 'reset_password', input.code);
    const member = await repo.findMemberByVerifiedMobile(this.db, input.phone);
    // A code is only ever sent for a member's number; one that is no longer theirs is spent.
    if (!member?.enabled) throw refuse('verification.code_invalid');
    const passwordHash = await hashPassword(input.password);
    const revoked = await inTransaction(this.db, async (work) => {
      const now = this.clock.now();
      await this.ports.codes.use(work.tx, checked);
      await repo.updateMember(work.tx, member.id, { passwordHash }, now);
      const ended = await repo.revokeOtherSessions(work.tx, member.id, null, now);
      await this.ports.inbox.send(
        work,
        securityNotice(
          member.id,
          '登录密码已重置',
          '您的登录密码已通过短信验证码重置，所有设备上的登录已退出。',
          now,
        ),
      );
      return ended;
    });
    if (revoked.length > 0) this.events.emit('session.revoked', { memberId: member.id, sessionIds: revoked });
    return { revoked_sessions: revoked.length };
  }

  // ---- the member's number ------------------------------------------------------------

  /** A code for a signed-in member: to a new number (bind, change) or to their own (old, payment password). */
  async sendMemberCode(
    auth: Authenticated,
    purpose: MemberSmsPurpose,
    phone: string | undefined,
    ctx: RequestContext,
  ): Promise<SentCode> {
    await this.requireSms();
    const member = await this.member(auth.member.id);
    let to: string;
    if (purpose === 'bind_phone' || purpose === 'change_phone_new') {
      if (!phone) throw refuse('accounts.phone_required');
      if (purpose === 'bind_phone' && member.mobileVerifiedAt) throw refuse('accounts.phone_already_bound');
      if (purpose === 'change_phone_new') this.requireBound(member);
      if (member.mobileVerifiedAt && member.mobile === phone) throw refuse('accounts.phone_same');
      await this.requireFree(phone, member.id);
      to = phone;
    } else {
      to = this.requireBound(member);
    }
    return this.ports.codes.send({ phone: to, purpose, ip: ctx.ip, memberId: member.id });
  }

  /** Binds the first verified number. */
  async bindPhone(memberId: number, phone: string, code: string): Promise<UserInfo> {
    await this.requireSms();
    const member = await this.member(memberId);
    if (member.mobileVerifiedAt) throw refuse('accounts.phone_already_bound');
    await this.requireFree(phone, memberId);
    const checked = await this.ports.codes.check(phone, 'bind_phone', code);
    await this.setPhone(memberId, phone, async (work, now) => {
      await this.ports.codes.use(work.tx, checked);
      await this.ports.inbox.send(
        work,
        securityNotice(memberId, '手机号已绑定', `您的账号已绑定手机号 ${maskPhone(phone)}。`, now),
      );
    });
    return this.accounts.userInfo(memberId);
  }

  /** Changes the verified number: a code to the old number and one to the new. */
  async changePhone(
    memberId: number,
    input: { oldCode: string; phone: string; code: string },
  ): Promise<UserInfo> {
    await this.requireSms();
    const member = await this.member(memberId);
    const old = this.requireBound(member);
    if (old === input.phone) throw refuse('accounts.phone_same');
    await this.requireFree(input.phone, memberId);
    const oldChecked = await this.ports.codes.check(old, 'change_phone_old', input.oldCode);
    const newChecked = await this.ports.codes.check(input.phone, 'change_phone_new', input.code);
    await this.setPhone(memberId, input.phone, async (work, now) => {
      await this.ports.codes.use(work.tx, oldChecked);
      await this.ports.codes.use(work.tx, newChecked);
      await this.ports.inbox.send(
        work,
        securityNotice(
          memberId,
          '手机号已更换',
          `您的绑定手机号已由 ${maskPhone(old)} 更换为 ${maskPhone(input.phone)}。`,
          now,
        ),
      );
    });
    return this.accounts.userInfo(memberId);
  }

  /** 忘记支付密码: a new one by a code to the verified number. */
  async resetPaymentPassword(
    memberId: number,
    code: string,
    paymentPassword: string,
  ): Promise<{ has_payment_password: true }> {
    await this.requireSms();
    const member = await this.member(memberId);
    const phone = this.requireBound(member);
    const checked = await this.ports.codes.check(phone, 'reset_payment_password', code);
    const paymentPasswordHash = await hashPassword(paymentPassword);
    await inTransaction(this.db, async (work) => {
      const now = this.clock.now();
      await this.ports.codes.use(work.tx, checked);
      await repo.updateMember(work.tx, memberId, { paymentPasswordHash }, now);
      await this.ports.inbox.send(
        work,
        securityNotice(memberId, '支付密码已重置', '您的支付密码已通过短信验证码重置。', now),
      );
    });
    return { has_payment_password: true };
  }

  // ---- devices ------------------------------------------------------------------------

  /** 登录设备: the member's live sessions, the one asking marked current. */
  async sessions(auth: Authenticated): Promise<DeviceSession[]> {
    const rows = await repo.liveSessionsOf(this.db, auth.member.id, this.clock.now());
    return rows.map((s) => ({
      id: s.id,
      device: deviceLabel(s.userAgent ?? ''),
      ip: s.ip ?? '',
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      current: s.id === auth.sessionId,
    }));
  }

  /** Signs out one other device of the member (the current one signs out with 退出登录). */
  async revokeSession(auth: Authenticated, sessionId: number): Promise<{ revoked_sessions: number }> {
    if (sessionId === auth.sessionId) throw refuse('accounts.session_is_current');
    const ended = await repo.revokeMemberSession(this.db, auth.member.id, sessionId, this.clock.now());
    if (!ended) throw refuse('accounts.session_not_found');
    this.events.emit('session.revoked', { memberId: auth.member.id, sessionIds: [sessionId] });
    return { revoked_sessions: 1 };
  }

  /** Signs out every device but this one. */
  async revokeOtherSessions(auth: Authenticated): Promise<{ revoked_sessions: number }> {
    const revoked = await repo.revokeOtherSessions(this.db, auth.member.id, auth.sessionId, this.clock.now());
    if (revoked.length > 0)
      this.events.emit('session.revoked', { memberId: auth.member.id, sessionIds: revoked });
    return { revoked_sessions: revoked.length };
  }

  // ---- helpers ------------------------------------------------------------------------

  private async requireSms(): Promise<void> {
    if (!(await this.ports.smsOpen())) throw refuse('verification.sms_closed');
  }

  private async member(memberId: number): Promise<repo.MemberRow> {
    const member = await repo.findMemberById(this.db, memberId);
    if (!member) throw refuse('accounts.member_not_found');
    return member;
  }

  private requireBound(member: repo.MemberRow): string {
    if (!member.mobile || !member.mobileVerifiedAt) throw refuse('accounts.phone_not_bound');
    return member.mobile;
  }

  private async requireFree(phone: string, memberId: number): Promise<void> {
    const owner = await repo.findMemberByVerifiedMobile(this.db, phone);
    if (owner && owner.id !== memberId) throw refuse('accounts.phone_taken');
  }

  /** Sets the verified number with `also` in one transaction; a number taken meanwhile is refused. */
  private async setPhone(
    memberId: number,
    phone: string,
    also: (work: Work, now: Date) => Promise<void>,
  ): Promise<void> {
    try {
      await inTransaction(this.db, async (work) => {
        const now = this.clock.now();
        await also(work, now);
        await repo.updateMember(work.tx, memberId, { mobile: phone, mobileVerifiedAt: now }, now);
      });
    } catch (err) {
      if (pgConstraint(err) === 'members_verified_mobile_uq') throw refuse('accounts.phone_taken');
      throw err;
    }
  }
}

function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
