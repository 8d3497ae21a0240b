import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** Which operator roles sign in with two-factor. */
export const operatorsConfig = configPart(
  {
    /** Operator roles that must sign in with TOTP (comma-separated); default admin,finance under APP_ENV=production. */
    OPERATOR_TOTP_ROLES: z.string().optional(),
  },
  (e, ctx) => ({
    operatorTotpRoles: (e.OPERATOR_TOTP_ROLES ?? (ctx.production ? 'admin,finance' : ''))
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
  }),
);
