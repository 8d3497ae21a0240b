import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** Abuse limits: failed sign-ins and passwords, registrations, code checks, public POSTs, callbacks. */
export const limitsConfig = configPart(
  {
    /**
     * Abuse limits (docs/decisions/015-abuse-limits.md). Failed logins per account from one address
     * in LOGIN_WINDOW_MINUTES; per address over all accounts (members and operators counted apart);
     * per account from addresses it never signed in from, in an hour.
     */
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
    LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(100),
    /** Wrong old passwords and payment passwords per member in 15 minutes. */
    PASSWORD_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    /** Registrations (every kind together) per address per hour. */
    REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Invite, agent and domain code checks per address per minute. */
    VALIDATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    /** Any other POST that needs no sign-in (logins included), per address per minute and route. */
    PUBLIC_POST_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Payment gateway callbacks per address per minute (signed; a gateway sends many). */
    CALLBACK_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  },
  (e) => ({
    limits: {
      login: {
        /** Per account from one address, in `windowMs`. */
        perAccountAddress: e.LOGIN_MAX_FAILURES,
        /** Per address over all accounts of one kind (members, operators), in `windowMs`. */
        perAddress: e.LOGIN_ADDRESS_MAX_FAILURES,
        windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
        /** Per account from addresses it never signed in from, in an hour. */
        perAccountPerHour: e.LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR,
      },
      /** Wrong old / payment passwords per member in 15 minutes. */
      passwordFailures: e.PASSWORD_MAX_FAILURES,
      registerPerHour: e.REGISTER_PER_HOUR,
      validatePerMinute: e.VALIDATE_PER_MINUTE,
      publicPostPerMinute: e.PUBLIC_POST_PER_MINUTE,
      callbackPerMinute: e.CALLBACK_PER_MINUTE,
    },
  }),
);
