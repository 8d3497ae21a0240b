import type { Core } from '../../core.ts';
import type { Limits } from '../limits/index.ts';
import { MembersAdminService, type MembersAdminPorts } from './admin.service.ts';
import { AccountsService, type AccountsPorts } from './accounts.service.ts';

/**
 * Accounts: registration, sign-in and sessions, and the console's member view. Every port is a
 * module above accounts, named by what it does here and wired by the composition root.
 */
export function createAccounts(c: Core, d: AccountsPorts & MembersAdminPorts & { limits: Limits }) {
  return {
    accounts: new AccountsService(
      c.db,
      c.config,
      c.events,
      { wallets: d.wallets, inbox: d.inbox },
      c.clock,
      d.limits,
    ),
    /** The console's member view: search, profile, flags, tags, sessions, every record of a member. */
    membersAdmin: new MembersAdminService(c.db, d.audit, c.events, d.presence, c.clock, d.responsible),
  };
}
