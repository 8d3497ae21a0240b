import type { Core } from '../../core.ts';
import type { MembersAdminService } from '../accounts/index.ts';
import type { Limits } from '../limits/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import { SupportDeskService } from './desk.service.ts';
import { SupportCore } from './support.core.ts';
import { SupportService } from './support.service.ts';

/** 在线客服: the member's conversation and the console's desk, over one core and the realtime channels. */
export function createSupport(
  c: Core,
  d: {
    limits: Limits;
    messages: MessagesService;
    operators: OperatorsService;
    membersAdmin: MembersAdminService;
  },
) {
  const core = new SupportCore(c.db, c.clock, c.broadcaster, c.log);
  return {
    support: new SupportService(core, d.limits.counters),
    supportDesk: new SupportDeskService(core, c.reads, {
      messages: d.messages,
      operators: d.operators,
      membersAdmin: d.membersAdmin,
      realtime: { appKey: c.config.realtime.appKey, appSecret: c.config.realtime.appSecret },
    }),
  };
}
