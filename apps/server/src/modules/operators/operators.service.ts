import { addDays, shanghaiDayStart, type OperatorProfile } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { recordLoginAttempt, signedInFrom } from '../accounts/index.ts';
import type { Limits } from '../limits/index.ts';
import * as repo from './operators.repo.ts';
import type { OperatorRole, OperatorRow } from './operators.table.ts';
import { pageOf } from '../../lib/paging.ts';

const SESSION_HOURS = 12;
/** Login attempts share the members' table under a prefix no member name can take. */
const attemptName = (username: string) => `operator:${username.toLowerCase()}`;

export interface AuditEntry {
  operatorId: number;
  action: string;
  targetType: string;
  targetId: string | number;
  memberId?: number | null;
  reason?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export interface AuthenticatedOperator {
  operator: OperatorRow;
  sessionId: number;
}

/** A second sign-in factor checked after the password (the back office's TOTP); throws to refuse. */
export type SecondFactor = (operator: OperatorRow, code: string | undefined) => Promise<void>;

export const toOperatorProfile = (o: OperatorRow): OperatorProfile => ({
  id: o.id,
  username: o.username,
  name: o.name,
  role: o.role,
});

/** Back-office accounts, their sessions and the audit log of what they do. */
export class OperatorsService {
  private secondFactor: SecondFactor | undefined;

  constructor(
    private readonly db: Db,
    /** The audit log as the console reads it (Core.reads); sign-in and every change read the primary. */
    private readonly reads: Db,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly limits: Limits,
  ) {}

  /** Creates an operator (seed and tests; there is no self-service sign-up). */
  async create(input: { username: string; password: string; name: string; role: OperatorRole }) {
    return repo.insertOperator(this.db, {
      username: input.username.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      name: input.name,
      role: input.role,
    });
  }

  /** Checks an operator's current password (own password change) under the failure limit. */
  checkPassword(operator: OperatorRow, password: string): Promise<void> {
    return this.limits.failures.checkSecret({
      rule: {
        key: `secret:operator-password:${operator.id}`,
        max: this.config.limits.passwordFailures,
        windowMs: 15 * 60_000,
      },
      tooMany: 'limits.password_locked',
      wrong: 'accounts.old_password_wrong',
      verify: () => verifyPassword(password, operator.passwordHash),
    });
  }

  /** Installs the check that follows a correct password (two-factor sign-in). */
  useSecondFactor(check: SecondFactor): void {
    this.secondFactor = check;
  }

  async login(username: string, password: string, ip: string, totpCode?: string) {
    const name = username.toLowerCase();
    const since = new Date(
      this.clock.now().getTime() - this.config.housekeeping.loginAttemptRetentionDays * 86_400_000,
    );
    const known = await signedInFrom(this.db, attemptName(name), ip, since);
    const operator = await this.limits.login.attempt('operator', name, ip, known, async (attempt) => {
      const operator = await repo.findOperatorByUsername(this.db, name);
      const valid = await verifyPassword(password, operator?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!operator || !valid) {
        await attempt.failed();
        await recordLoginAttempt(this.db, attemptName(name), ip, false, this.clock.now());
        throw refuse('operators.login_failed');
      }
      try {
        await this.secondFactor?.(operator, totpCode);
      } catch (err) {
        // A wrong code counts as a failed attempt (6 digits must not be guessable); a missing one asks for it.
        if (totpCode !== undefined) {
          await attempt.failed();
          await recordLoginAttempt(this.db, attemptName(name), ip, false, this.clock.now());
        } else await attempt.notCounted();
        throw err;
      }
      await attempt.succeeded();
      await recordLoginAttempt(this.db, attemptName(name), ip, true, this.clock.now());
      return operator;
    });
    if (!operator.enabled) throw refuse('operators.disabled');
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
    await inTransaction(this.db, ({ tx }) =>
      repo.openOperatorSession(tx, { operatorId: operator.id, tokenHash: sha256(token), ip, expiresAt }, now),
    );
    return {
      token,
      token_type: 'Bearer' as const,
      expires_at: expiresAt.toISOString(),
      operator: toOperatorProfile(operator),
    };
  }

  /** Resolves an operator token; undefined when unknown, revoked, expired or the account is disabled. */
  async authenticate(token: string): Promise<AuthenticatedOperator | undefined> {
    const found = await repo.findLiveOperatorSession(this.db, sha256(token), this.clock.now());
    if (!found || !found.operator.enabled) return undefined;
    return { operator: found.operator, sessionId: found.session.id };
  }

  async logout(sessionId: number): Promise<void> {
    await repo.revokeOperatorSession(this.db, sessionId, this.clock.now());
  }

  /** Records an operator action inside the transaction that performs it. */
  async audit(work: Work, entry: AuditEntry): Promise<void> {
    await repo.insertAuditLog(work.tx, {
      operatorId: entry.operatorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      memberId: entry.memberId ?? null,
      reason: entry.reason || null,
      detail: entry.detail ?? {},
      ip: entry.ip ?? null,
    });
  }

  async auditLog(query: {
    page: number;
    per_page: number;
    target_type?: string | undefined;
    target_id?: string | undefined;
    member_id?: number | undefined;
    operator_id?: number | undefined;
    action?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  }) {
    const { rows, total } = await repo.listAuditLogs(
      this.reads,
      {
        operatorId: query.operator_id,
        action: query.action,
        // Days are Asia/Shanghai calendar days, both ends inclusive.
        from: query.from ? shanghaiDayStart(query.from) : undefined,
        to: query.to ? shanghaiDayStart(addDays(query.to, 1)) : undefined,
        targetType: query.target_type,
        targetId: query.target_id,
        memberId: query.member_id,
      },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return pageOf(
      rows.map(({ log, operatorName }) => ({
        id: String(log.id),
        operator_id: log.operatorId,
        operator_name: operatorName,
        action: log.action,
        target_type: log.targetType,
        target_id: log.targetId,
        member_id: log.memberId,
        reason: log.reason,
        detail: log.detail,
        ip: log.ip,
        created_at: log.createdAt.toISOString(),
      })),
      total,
      query,
    );
  }
}
