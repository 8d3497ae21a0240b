import type { OperatorItem, OperatorRoleKey } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OperatorsService } from '../operators/operators.service.ts';
import type { OperatorRow } from '../operators/operators.table.ts';
import * as repo from './operators.repo.ts';
import type { OperatorCall } from './security.service.ts';

const toItem = (o: OperatorRow, totpEnabledAt: Date | null): OperatorItem => ({
  id: o.id,
  username: o.username,
  name: o.name,
  role: o.role,
  enabled: o.enabled,
  totp_enabled: !!totpEnabledAt,
  last_login_at: o.lastLoginAt?.toISOString() ?? null,
  created_at: o.createdAt.toISOString(),
});

const profileOf = (o: OperatorRow) => ({ name: o.name, role: o.role, enabled: o.enabled });

/** The admin's management of operators: accounts, roles, disabling, password and two-factor resets. */
export class OperatorsAdminService {
  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  async list(q: {
    page: number;
    per_page: number;
    keyword?: string | undefined;
    role?: OperatorRoleKey | undefined;
  }) {
    const { rows, total } = await repo.pageOperators(this.db, q);
    return pageOf(
      rows.map((r) => toItem(r.operator, r.totpEnabledAt)),
      total,
      q,
    );
  }

  async create(
    input: { username: string; name: string; role: OperatorRoleKey; password: string },
    call: OperatorCall,
  ) {
    const username = input.username.toLowerCase();
    if (await repo.findOperatorByUsername(this.db, username)) throw conflict('用户名已存在');
    const passwordHash = await hashPassword(input.password);
    return inTransaction(this.db, async (work) => {
      const row = await repo.insertOperator(work.tx, {
        username,
        passwordHash,
        name: input.name,
        role: input.role,
      });
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'operator.create',
        targetType: 'operator',
        targetId: row.id,
        detail: { before: null, after: { username, ...profileOf(row) } },
        ip: call.ip,
      });
      return toItem(row, null);
    });
  }

  async update(
    id: number,
    changes: { name?: string | undefined; role?: OperatorRoleKey | undefined; enabled?: boolean | undefined },
    call: OperatorCall,
  ) {
    return inTransaction(this.db, async (work) => {
      const before = await repo.lockOperator(work.tx, id);
      if (!before) throw notFound('管理账号不存在');
      if (id === call.operatorId && (changes.enabled === false || (changes.role && changes.role !== 'admin')))
        throw forbidden('不能停用自己或降低自己的角色');
      const after = await repo.updateOperator(work.tx, id, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      });
      // A disabled operator or a changed role signs in again: old tokens carry the old powers.
      if (!after.enabled || after.role !== before.role)
        await repo.revokeSessions(work.tx, id, this.clock.now());
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'operator.update',
        targetType: 'operator',
        targetId: id,
        detail: { before: profileOf(before), after: profileOf(after) },
        ip: call.ip,
      });
      const security = await repo.securityOf(work.tx, id);
      return toItem(after, security?.totpEnabledAt ?? null);
    });
  }

  async resetPassword(id: number, password: string, call: OperatorCall) {
    const hash = await hashPassword(password);
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockOperator(work.tx, id);
      if (!row) throw notFound('管理账号不存在');
      await repo.updateOperator(work.tx, id, { passwordHash: hash });
      await repo.revokeSessions(work.tx, id, this.clock.now());
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'operator.password.reset',
        targetType: 'operator',
        targetId: id,
        detail: { sessions_revoked: true },
        ip: call.ip,
      });
    });
    return null;
  }

  /** Clears an operator's two-factor (a lost phone); they enrol again at next sign-in. */
  async resetTotp(id: number, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockOperator(work.tx, id);
      if (!row) throw notFound('管理账号不存在');
      const security = await repo.lockSecurity(work.tx, id);
      await repo.updateSecurity(work.tx, id, {
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      });
      await repo.revokeSessions(work.tx, id, this.clock.now());
      await this.operators.audit(work, {
        operatorId: call.operatorId,
        action: 'operator.totp.reset',
        targetType: 'operator',
        targetId: id,
        detail: { before: { totp_enabled: !!security.totpEnabledAt }, after: { totp_enabled: false } },
        ip: call.ip,
      });
    });
    return null;
  }
}
