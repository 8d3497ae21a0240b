import { randomInt } from 'node:crypto';
import { OPERATOR_ROLES, type OperatorItem, type OperatorRoleKey } from '@app/shared/backoffice';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Work } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { OperatorRow } from '../operators/index.ts';
import * as repo from './operators.repo.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

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

/** A one-time password for an account created or reset: 16 letters and digits, at least one of each. */
function temporaryPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const pick = (from: string) => from[randomInt(from.length)]!;
  let out = '';
  for (let i = 0; i < 14; i++) out += pick(alphabet);
  return `${out}${pick('abcdefghijkmnpqrstuvwxyz')}${pick('23456789')}`;
}

type UpdateChanges = {
  name?: string | undefined;
  role?: OperatorRoleKey | undefined;
  enabled?: boolean | undefined;
};

/**
 * The admin's management of operators: accounts, roles, disabling, password and two-factor resets.
 * Whatever grants powers (a new account, a role changed, an account enabled again, a password or
 * two-factor reset that lets someone else in) takes effect only when a second admin approves it
 * (dual-control); the password of a new or reset account is made then and shown once to the
 * approver, so the operator who asked never holds another account's credentials. Renaming and
 * disabling take effect at once.
 */
export class OperatorsAdminService {
  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
    private readonly changes: ControlChanges,
  ) {
    changes.register<{ username: string; name: string; role: OperatorRoleKey }>({
      kind: 'operator.create',
      permission: 'operators',
      apply: (work, p, ctx) => this.createIn(work, p, ctx.checker, ctx),
    });
    changes.register<{ id: number; changes: UpdateChanges }>({
      kind: 'operator.update',
      permission: 'operators',
      apply: async (work, p, ctx) => {
        await this.updateIn(work, p.id, p.changes, ctx.checker, ctx);
      },
    });
    changes.register<{ id: number }>({
      kind: 'operator.reset_password',
      permission: 'operators',
      apply: (work, p, ctx) => this.resetPasswordIn(work, p.id, ctx.checker, ctx),
    });
    changes.register<{ id: number }>({
      kind: 'operator.reset_totp',
      permission: 'operators',
      apply: async (work, p, ctx) => {
        await this.resetTotpIn(work, p.id, ctx.checker, ctx);
      },
    });
  }

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

  /** Asks for a new account; a second admin's approval creates it with a one-time password. */
  async create(input: { username: string; name: string; role: OperatorRoleKey }, call: OperatorCall) {
    const username = input.username.toLowerCase();
    if (await repo.findOperatorByUsername(this.db, username))
      throw refuse('backoffice.operator_username_taken');
    const pending_change = await inTransaction(this.db, (work) =>
      this.changes.propose(
        work,
        {
          kind: 'operator.create',
          targetType: 'operator',
          targetId: `new:${username}`,
          summary: `新增管理账号 ${username}（${input.name}，${OPERATOR_ROLES[input.role]}）`,
          payload: { username, name: input.name, role: input.role },
          before: null,
          after: { username, name: input.name, role: input.role, enabled: true },
          reason: '',
        },
        call,
      ),
    );
    return { pending_change };
  }

  private async createIn(
    work: Work,
    p: { username: string; name: string; role: OperatorRoleKey },
    call: { operatorId: number; ip: string },
    approval: { changeId: number; makerId: number },
  ) {
    if (await repo.findOperatorByUsername(work.tx, p.username))
      throw refuse('backoffice.operator_username_taken');
    const password = temporaryPassword();
    const row = await repo.insertOperator(work.tx, {
      username: p.username,
      passwordHash: await hashPassword(password),
      name: p.name,
      role: p.role,
    });
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'operator.create',
      targetType: 'operator',
      targetId: row.id,
      detail: {
        before: null,
        after: { username: p.username, ...profileOf(row) },
        approved_change: approval.changeId,
        proposed_by: approval.makerId,
      },
      ip: call.ip,
    });
    return { operator_id: row.id, username: p.username, temporary_password: password };
  }

  /**
   * Renames or disables at once; a new role or enabling an account again waits for a second admin.
   */
  async update(id: number, changes: UpdateChanges, call: OperatorCall) {
    return inTransaction(this.db, async (work) => {
      const before = await repo.lockOperator(work.tx, id);
      if (!before) throw refuse('backoffice.operator_not_found');
      if (id === call.operatorId && (changes.enabled === false || (changes.role && changes.role !== 'admin')))
        throw refuse('backoffice.operator_self_demotion');
      const grants =
        (changes.role !== undefined && changes.role !== before.role) ||
        (changes.enabled === true && !before.enabled);
      if (!grants) return this.updateIn(work, id, changes, call, null);
      const after = {
        ...profileOf(before),
        ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
      };
      const words = [
        changes.role !== undefined && changes.role !== before.role
          ? `角色 ${OPERATOR_ROLES[before.role]} → ${OPERATOR_ROLES[changes.role]}`
          : null,
        changes.enabled === true && !before.enabled ? '重新启用' : null,
      ].filter(Boolean);
      const pending_change = await this.changes.propose(
        work,
        {
          kind: 'operator.update',
          targetType: 'operator',
          targetId: id,
          summary: `修改管理账号 ${before.username}：${words.join('，')}`,
          payload: { id, changes },
          before: profileOf(before),
          after,
          reason: '',
        },
        call,
      );
      const security = await repo.securityOf(work.tx, id);
      return { ...toItem(before, security?.totpEnabledAt ?? null), pending_change };
    });
  }

  private async updateIn(
    work: Work,
    id: number,
    changes: UpdateChanges,
    call: { operatorId: number; ip: string },
    approval: { changeId: number; makerId: number } | null,
  ) {
    const before = await repo.lockOperator(work.tx, id);
    if (!before) throw refuse('backoffice.operator_not_found');
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
      detail: {
        before: profileOf(before),
        after: profileOf(after),
        ...(approval ? { approved_change: approval.changeId, proposed_by: approval.makerId } : {}),
      },
      ip: call.ip,
    });
    const security = await repo.securityOf(work.tx, id);
    return toItem(after, security?.totpEnabledAt ?? null);
  }

  /** Asks for a password reset; the approval makes a one-time password shown to the approver. */
  async resetPassword(id: number, call: OperatorCall) {
    return this.proposeOn(id, call, 'operator.reset_password', (o) => `重置管理账号 ${o.username} 的密码`);
  }

  private async resetPasswordIn(
    work: Work,
    id: number,
    call: { operatorId: number; ip: string },
    approval: { changeId: number; makerId: number },
  ) {
    const row = await repo.lockOperator(work.tx, id);
    if (!row) throw refuse('backoffice.operator_not_found');
    const password = temporaryPassword();
    await repo.updateOperator(work.tx, id, { passwordHash: await hashPassword(password) });
    await repo.revokeSessions(work.tx, id, this.clock.now());
    await this.operators.audit(work, {
      operatorId: call.operatorId,
      action: 'operator.password.reset',
      targetType: 'operator',
      targetId: id,
      detail: { sessions_revoked: true, approved_change: approval.changeId, proposed_by: approval.makerId },
      ip: call.ip,
    });
    return { operator_id: id, username: row.username, temporary_password: password };
  }

  /** Asks to clear an operator's two-factor (a lost phone); they enrol again at next sign-in. */
  async resetTotp(id: number, call: OperatorCall) {
    return this.proposeOn(id, call, 'operator.reset_totp', (o) => `清除管理账号 ${o.username} 的两步验证`);
  }

  private async resetTotpIn(
    work: Work,
    id: number,
    call: { operatorId: number; ip: string },
    approval: { changeId: number; makerId: number },
  ) {
    const row = await repo.lockOperator(work.tx, id);
    if (!row) throw refuse('backoffice.operator_not_found');
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
      detail: {
        before: { totp_enabled: !!security.totpEnabledAt },
        after: { totp_enabled: false },
        approved_change: approval.changeId,
        proposed_by: approval.makerId,
      },
      ip: call.ip,
    });
  }

  private async proposeOn(
    id: number,
    call: OperatorCall,
    kind: 'operator.reset_password' | 'operator.reset_totp',
    summary: (o: OperatorRow) => string,
  ) {
    const pending_change = await inTransaction(this.db, async (work) => {
      const row = await repo.lockOperator(work.tx, id);
      if (!row) throw refuse('backoffice.operator_not_found');
      return this.changes.propose(
        work,
        { kind, targetType: 'operator', targetId: id, summary: summary(row), payload: { id }, reason: '' },
        call,
      );
    });
    return { pending_change };
  }
}
