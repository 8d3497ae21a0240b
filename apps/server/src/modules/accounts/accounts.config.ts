import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** How long a member's session lasts. */
export const accountsConfig = configPart(
  {
    /** Session lifetime in days. */
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  },
  (e) => ({ sessionTtlDays: e.SESSION_TTL_DAYS }),
);
