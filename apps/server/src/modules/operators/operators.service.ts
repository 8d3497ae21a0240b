import { and, count, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { OperatorProfile } from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../db/tx.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { recentFailures, recordLoginAttempt } from '../accounts/accounts.repo.ts';
import {
  auditLogs,
  operators,
  operatorSessions,
  type OperatorRole,
  type OperatorRow,
} from './operators.table.ts';
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

export const toOperatorProfile = (o: OperatorRow): OperatorProfile => ({
  id: o.id,
  username: o.username,
  name: o.name,
  role: o.role,
});

/** Back-office accounts, their sessions and the audit log of what they do. */
export class OperatorsService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  /** Creates an operator (seed and tests; there is no self-service sign-up). */
  async create(input: { username: string; password: string; name: string; role: OperatorRole }) {
    const [row] = await this.db
      .insert(operators)
      .values({
        username: input.username.toLowerCase(),
        passwordHash: await hashPassword(input.password),
        name: input.name,
        role: input.role,
      })
      .returning();
    return row!;
  }

  async login(username: string, password: string, ip: string) {
    const name = username.toLowerCase();
    const { maxFailures, windowMinutes } = this.config.login;
    const failures = await recentFailures(this.db, attemptName(name), ip, windowMinutes);
    if (failures.byUsername >= maxFailures || failures.byIp >= maxFailures * 4) {
      throw tooManyRequests('登录失败次数过多，请稍后再试');
    }
    const [operator] = await this.db.select().from(operators).where(eq(operators.username, name));
    const valid = await verifyPassword(password, operator?.passwordHash ?? DUMMY_PASSWORD_HASH);
    await recordLoginAttempt(this.db, attemptName(name), ip, valid && !!operator);
    if (!operator || !valid) throw unauthorized('用户名或密码错误');
    if (!operator.enabled) throw forbidden('该管理账号已停用');
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(operatorSessions)
        .values({ operatorId: operator.id, tokenHash: sha256(token), ip, expiresAt });
      await tx.update(operators).set({ lastLoginAt: new Date() }).where(eq(operators.id, operator.id));
    });
    return {
      token,
      token_type: 'Bearer' as const,
      expires_at: expiresAt.toISOString(),
      operator: toOperatorProfile(operator),
    };
  }

  /** Resolves an operator token; undefined when unknown, revoked, expired or the account is disabled. */
  async authenticate(token: string): Promise<AuthenticatedOperator | undefined> {
    const [found] = await this.db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, sha256(token)),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, new Date()),
        ),
      );
    if (!found || !found.operator.enabled) return undefined;
    return { operator: found.operator, sessionId: found.session.id };
  }

  async logout(sessionId: number): Promise<void> {
    await this.db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(eq(operatorSessions.id, sessionId));
  }

  /** Records an operator action inside the transaction that performs it. */
  async audit(work: Work, entry: AuditEntry): Promise<void> {
    await work.tx.insert(auditLogs).values({
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
  }) {
    const where: SQL[] = [];
    if (query.target_type) where.push(eq(auditLogs.targetType, query.target_type));
    if (query.target_id) where.push(eq(auditLogs.targetId, query.target_id));
    if (query.member_id) where.push(eq(auditLogs.memberId, query.member_id));
    const filter = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ log: auditLogs, operatorName: operators.name })
        .from(auditLogs)
        .innerJoin(operators, eq(operators.id, auditLogs.operatorId))
        .where(filter)
        .orderBy(desc(auditLogs.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      this.db.select({ n: count() }).from(auditLogs).where(filter),
    ]);
    const n = total?.n ?? 0;
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
      n,
      query,
    );
  }
}
