import { Secret, TOTP } from 'otpauth';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { refuse } from '../../lib/errors.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { OperatorRow } from '../operators/index.ts';
import * as repo from './operators.repo.ts';
import type { OperatorCall } from '../../plugins/operator-guard.ts';

const ISSUER = '金彩体育后台';
const PERIOD_S = 30;

/** Routes an operator who must enrol two-factor may still call before enrolling. */
const ENROLMENT_ROUTES = new Set([
  '/admin/v1/auth/me',
  '/admin/v1/auth/logout',
  '/admin/v1/auth/security',
  '/admin/v1/auth/totp/setup',
  '/admin/v1/auth/totp/enable',
  '/admin/v1/auth/password',
]);

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Operator sign-in security: TOTP two-factor (RFC 6238 through `otpauth`), enrolled by the
 * operator from the console and required for the configured roles (admin and finance under
 * APP_ENV=production), and changing one's own password. Every change is audited.
 */
export class OperatorSecurityService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly operators: OperatorsService,
    private readonly clock: Clock,
  ) {}

  isRequired(role: string): boolean {
    return this.config.operatorTotpRoles.includes(role);
  }

  async status(operator: OperatorRow) {
    const row = await repo.securityOf(this.db, operator.id);
    const enabled = !!row?.totpEnabledAt;
    const required = this.isRequired(operator.role);
    return { totp_enabled: enabled, totp_required: required, enrolment_required: required && !enabled };
  }

  /** The second factor of sign-in (installed into OperatorsService.login). */
  async checkSignIn(operator: OperatorRow, code: string | undefined): Promise<void> {
    const row = await repo.securityOf(this.db, operator.id);
    if (!row?.totpSecret) return;
    if (!code) throw refuse('backoffice.totp_code_required', undefined, { totp_required: true });
    await inTransaction(this.db, async (work) => {
      const locked = await repo.lockSecurity(work.tx, operator.id);
      const step = this.acceptedStep(locked.totpSecret!, operator.username, code, locked.totpLastStep);
      if (step === null) throw refuse('backoffice.totp_code_wrong', undefined, { totp_required: true });
      await repo.updateSecurity(work.tx, operator.id, { totpLastStep: step });
    });
  }

  /** 403 for an operator who must enrol two-factor and has not, outside the enrolment routes. */
  async enforceEnrolment(operator: OperatorRow, routeUrl: string | undefined): Promise<void> {
    if (!this.isRequired(operator.role) || (routeUrl && ENROLMENT_ROUTES.has(routeUrl))) return;
    const row = await repo.securityOf(this.db, operator.id);
    if (!row?.totpEnabledAt)
      throw refuse('backoffice.totp_enrolment_required', undefined, { totp_enrolment_required: true });
  }

  /** Starts enrolment: a fresh secret held as pending until a code from it is shown. */
  async setup(operator: OperatorRow) {
    const secret = new Secret({ size: 20 }).base32;
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockSecurity(work.tx, operator.id);
      if (row.totpEnabledAt) throw refuse('backoffice.totp_setup_while_on');
      await repo.updateSecurity(work.tx, operator.id, { totpPendingSecret: secret });
    });
    return { secret, uri: totpOf(secret, operator.username).toString() };
  }

  async enable(operator: OperatorRow, code: string, call: OperatorCall) {
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockSecurity(work.tx, operator.id);
      if (row.totpEnabledAt) throw refuse('backoffice.totp_already_on');
      if (!row.totpPendingSecret) throw refuse('backoffice.totp_setup_missing');
      const step = this.acceptedStep(row.totpPendingSecret, operator.username, code, null);
      if (step === null) throw refuse('backoffice.totp_enrol_code_wrong');
      const now = this.clock.now();
      await repo.updateSecurity(work.tx, operator.id, {
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
      });
      await this.operators.audit(work, {
        operatorId: operator.id,
        action: 'operator.totp.enable',
        targetType: 'operator',
        targetId: operator.id,
        detail: { before: { totp_enabled: false }, after: { totp_enabled: true } },
        ip: call.ip,
      });
    });
    return this.status(operator);
  }

  /** Turns one's own two-factor off (needs a current code); refused where the role requires it. */
  async disable(operator: OperatorRow, code: string, call: OperatorCall) {
    if (this.isRequired(operator.role)) throw refuse('backoffice.totp_required_for_role');
    await inTransaction(this.db, async (work) => {
      const row = await repo.lockSecurity(work.tx, operator.id);
      if (!row.totpSecret) throw refuse('backoffice.totp_not_on');
      if (this.acceptedStep(row.totpSecret, operator.username, code, row.totpLastStep) === null)
        throw refuse('backoffice.totp_disable_code_wrong');
      await repo.updateSecurity(work.tx, operator.id, {
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      });
      await this.operators.audit(work, {
        operatorId: operator.id,
        action: 'operator.totp.disable',
        targetType: 'operator',
        targetId: operator.id,
        detail: { before: { totp_enabled: true }, after: { totp_enabled: false } },
        ip: call.ip,
      });
    });
    return this.status(operator);
  }

  /** Changes one's own password; every other session of the operator ends. */
  async changePassword(
    operator: OperatorRow,
    input: { old_password: string; new_password: string },
    call: OperatorCall,
  ) {
    await this.operators.checkPassword(operator, input.old_password);
    if (input.old_password === input.new_password) throw refuse('accounts.same_password');
    const hash = await hashPassword(input.new_password);
    await inTransaction(this.db, async (work) => {
      const now = this.clock.now();
      await repo.lockOperator(work.tx, operator.id);
      await repo.updateOperator(work.tx, operator.id, { passwordHash: hash });
      await repo.lockSecurity(work.tx, operator.id);
      await repo.updateSecurity(work.tx, operator.id, { passwordChangedAt: now });
      await repo.revokeSessions(work.tx, operator.id, now, call.sessionId);
      await this.operators.audit(work, {
        operatorId: operator.id,
        action: 'operator.password.change',
        targetType: 'operator',
        targetId: operator.id,
        detail: { other_sessions_revoked: true },
        ip: call.ip,
      });
    });
    return null;
  }

  /** The 30 s step a code matches (±1 step for clock drift), or null; never a step already used. */
  private acceptedStep(secret: string, label: string, code: string, lastStep: number | null): number | null {
    const at = this.clock.now().getTime();
    const delta = totpOf(secret, label).validate({ token: code, timestamp: at, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(at / 1000 / PERIOD_S) + delta;
    if (lastStep !== null && step <= lastStep) return null;
    return step;
  }
}
