import type { Core } from '../../core.ts';
import type { Limits } from '../limits/index.ts';
import { MembersAdminService, type MembersAdminPorts } from './admin.service.ts';
import { AccountsService, type AccountsPorts } from './accounts.service.ts';
import { AccountSecurityService } from './security.service.ts';

/**
 * Accounts: registration, sign-in and sessions, and the console's member view. Every port is a
 * module above accounts, named by what it does here and wired by the composition root.
 */
export function createAccounts(c: Core, d: AccountsPorts & MembersAdminPorts & { limits: Limits }) {
  const ports = { wallets: d.wallets, inbox: d.inbox, codes: d.codes, smsOpen: d.smsOpen };
  const accounts = new AccountsService(c.db, c.config, c.events, ports, c.clock, d.limits);
  return {
    accounts,
    /** Password reset by SMS, the verified number, the payment password by code, signed-in devices. */
    accountSecurity: new AccountSecurityService(c.db, c.events, c.clock, ports, accounts),
    /** The console's member view: search, profile, flags, tags, sessions, every record of a member. */
    membersAdmin: new MembersAdminService(
      c.db,
      c.reads,
      d.audit,
      c.events,
      d.presence,
      c.clock,
      d.responsible,
    ),
  };
}
