import { z } from 'zod';

export const operatorSecurityStatus = z.object({
  totp_enabled: z.boolean(),
  /** Two-factor is required for this operator's role here (admin and finance under APP_ENV=production). */
  totp_required: z.boolean(),
  /** Required and not yet enrolled: only enrolment and password routes answer until it is. */
  enrolment_required: z.boolean(),
});
export type OperatorSecurityStatus = z.infer<typeof operatorSecurityStatus>;
