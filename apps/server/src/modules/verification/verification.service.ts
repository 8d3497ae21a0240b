import { shanghaiDay, shanghaiDayStart } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { inTransaction } from '../../db/tx.ts';
import { hmacSha256, newDigits, sameDigest } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuse } from '../../lib/errors.ts';
import { SmsSendError, type SmsPurpose, type SmsSender } from './sms-sender.ts';
import * as repo from './verification.repo.ts';

/** Digits of a code. */
export const SMS_CODE_DIGITS = 6;

export interface CodeRequest {
  phone: string;
  purpose: SmsPurpose;
  /** The address that asked (the per-address daily cap). */
  ip: string;
  memberId: number | null;
}

/** A code checked right, to be used in the transaction of what it allows. */
export interface CheckedCode {
  id: number;
  phone: string;
  purpose: SmsPurpose;
}

export interface SentCode {
  /** Seconds until another code may be sent to the number. */
  resend_after: number;
  /** Seconds the code stays valid. */
  expires_in: number;
}

/**
 * SMS verification codes: made, limited (a pause between sends to one number, daily caps per
 * number and per address), recorded (短信记录), handed to the SMS provider and checked. A code
 * is valid for its number and purpose only, for `codeTtlMs`, once, and only while it is the
 * newest one of that number and purpose; every try counts before the answer is compared, so
 * tries sent at once cannot get past the limit.
 */
export class VerificationService {
  private key: Promise<string> | undefined;
  /** Deliveries nobody waits for (a password reset answers before the provider does). */
  private readonly deliveries = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    /** The console's SMS log (Core.reads); sending, checking and using a code read the primary. */
    private readonly reads: Db,
    private readonly config: AppConfig['sms'],
    private readonly clock: Clock,
    private readonly sender: SmsSender,
    private readonly secret: (key: string) => Promise<string>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /**
   * Sends a new code, after the limits. With `deliver: false` nothing is sent but the request is
   * limited and recorded just the same (a reset for a number no member has must look like any
   * other). With `wait: false` the answer does not wait for the provider.
   */
  async send(request: CodeRequest, options: { deliver?: boolean; wait?: boolean } = {}): Promise<SentCode> {
    const deliver = options.deliver ?? true;
    // A skipped request keeps the HMAC of a code nobody is told, so answering it behaves like
    // every other code (tries counted, then dead): a reset cannot tell a member's number from another.
    const code = newDigits(SMS_CODE_DIGITS);
    const codeHash = await this.hash(request.purpose, request.phone, code);
    const now = this.clock.now();
    const row = await inTransaction(this.db, async ({ tx }) => {
      await lockForTransaction(tx, 'smsPhone', request.phone);
      await this.checkLimits(tx, request, now);
      return repo.insertCode(tx, {
        phone: request.phone,
        purpose: request.purpose,
        memberId: request.memberId,
        status: deliver ? 'sending' : 'skipped',
        codeHash,
        shownCode: deliver && this.sender.showsCodes ? code : null,
        provider: this.sender.name,
        detail: deliver ? '' : '手机号未绑定账号，未发送',
        ip: request.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.config.codeTtlMs),
      });
    });
    const answer = {
      resend_after: Math.ceil(this.config.resendMs / 1000),
      expires_in: Math.ceil(this.config.codeTtlMs / 1000),
    };
    if (!deliver) return answer;
    const delivery = this.deliver(row.id, request, code);
    if (options.wait === false) {
      this.deliveries.add(delivery);
      void delivery.finally(() => this.deliveries.delete(delivery));
      return answer;
    }
    if (!(await delivery)) throw refuse('verification.send_failed');
    return answer;
  }

  /**
   * Checks a code given for a number and purpose; throws when it is wrong, used, expired,
   * superseded or out of tries. The try is counted first, in one statement.
   */
  async check(phone: string, purpose: SmsPurpose, code: string): Promise<CheckedCode> {
    const row = await repo.latestCode(this.db, phone, purpose);
    const now = this.clock.now();
    const usable = row && row.codeHash && row.status !== 'failed' && !row.usedAt && row.expiresAt > now;
    if (!usable) throw refuse('verification.code_invalid');
    const tries = await repo.countTry(this.db, row.id, this.config.maxTries);
    if (tries === undefined) throw refuse('verification.code_invalid');
    const given = await this.hash(purpose, phone, code);
    if (!sameDigest(given, row.codeHash!)) {
      throw refuse('verification.code_wrong', { left: this.config.maxTries - tries });
    }
    return { id: row.id, phone, purpose };
  }

  /** Uses a checked code in the transaction of what it allows; a second use is refused. */
  async use(tx: Tx, checked: CheckedCode): Promise<void> {
    if (!(await repo.useCode(tx, checked.id, this.clock.now()))) throw refuse('verification.code_invalid');
  }

  /** The 短信记录, newest first; codes are shown only when the simulator "sent" them. */
  async records(filter: repo.SmsLogFilter) {
    return repo.listCodes(this.reads, filter);
  }

  /** Waits for deliveries nobody waited for (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  private async checkLimits(tx: Tx, request: CodeRequest, now: Date): Promise<void> {
    const dayStart = shanghaiDayStart(shanghaiDay(now));
    const toPhone = await repo.sendsToPhone(tx, request.phone, dayStart);
    if (toPhone.last) {
      const waitMs = toPhone.last.getTime() + this.config.resendMs - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw refuse('verification.resend_too_soon', { seconds }, { retry_after: seconds });
      }
    }
    if (toPhone.today >= this.config.dailyPerPhone) throw refuse('verification.phone_daily_limit');
    if ((await repo.sendsFromIp(tx, request.ip, dayStart)) >= this.config.dailyPerIp) {
      throw refuse('verification.ip_daily_limit');
    }
  }

  /** Hands the code to the provider and records its answer; true when it was accepted. */
  private async deliver(id: number, request: CodeRequest, code: string): Promise<boolean> {
    const validMinutes = Math.round(this.config.codeTtlMs / 60_000);
    try {
      const result = await this.sender.send({
        phone: request.phone,
        code,
        purpose: request.purpose,
        validMinutes,
      });
      await repo.recordDelivery(this.db, id, {
        status: 'sent',
        providerMessageId: result.providerMessageId,
        detail: result.detail.slice(0, 500),
      });
      return true;
    } catch (err) {
      const detail = err instanceof SmsSendError ? err.detail : String(err);
      this.log.warn({ err, smsCodeId: id, provider: this.sender.name }, 'sms not sent');
      await repo
        .recordDelivery(this.db, id, {
          status: 'failed',
          providerMessageId: null,
          detail: detail.slice(0, 500),
        })
        .catch((recordErr: unknown) =>
          this.log.error({ err: recordErr, smsCodeId: id }, 'sms outcome not recorded'),
        );
      return false;
    }
  }

  /** The code's HMAC under the deployment's key, bound to its number and purpose. */
  private async hash(purpose: SmsPurpose, phone: string, code: string): Promise<string> {
    this.key ??= this.secret('sms_code_key');
    return hmacSha256(await this.key, `${purpose}\n${phone}\n${code}`);
  }
}
