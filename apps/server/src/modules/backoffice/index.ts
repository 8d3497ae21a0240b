import type { PublicCache } from '../../lib/public-cache.ts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import type { OperatorsService } from '../operators/operators.service.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { RealtimeService } from '../realtime/realtime.service.ts';
import { AdjustmentsService } from './adjustments.service.ts';
import type { FinanceSettingsService } from '../payments/finance-settings.service.ts';
import { financeRoutes } from './finance.routes.ts';
import { FinanceQueuesService } from './finance.service.ts';
import { membersRoutes } from './members.routes.ts';
import { contentRoutes } from './content.routes.ts';
import { sportsRoutes } from './sports.routes.ts';
import { reportsRoutes } from './reports.routes.ts';
import { ReportsAdminService } from './reports.service.ts';
import { SportsAdminService } from './sports-admin.service.ts';
import type { SettlementService } from '../sports/settlement.service.ts';
import { LotteryAdminService } from './lottery-admin.service.ts';
import { lotteryAdminRoutes } from './lottery.routes.ts';
import type { InviteRulesService } from '../invite/rules.service.ts';
import { AgentsAdminService } from './agents-admin.service.ts';
import { agentsAdminRoutes } from './agents.routes.ts';
import { ContentAdminService } from './content.service.ts';
import type { AppConfigService } from '../app-config/app-config.service.ts';
import { MembersAdminService } from './members.service.ts';
import type { ResponsiblePlayService } from '../responsible/responsible.service.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { backofficeAuthRoutes } from './auth.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService, PendingWorkService } from './dashboard.service.ts';
import { OperatorsAdminService } from './operators-admin.service.ts';
import { OperatorSecurityService } from './security.service.ts';

export interface BackofficeDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  broadcaster: Broadcaster;
  operators: OperatorsService;
  financeSettings: FinanceSettingsService;
  /** Dual control: changes waiting for a second operator, and money one moves alone. */
  controlChanges: ControlChanges;
  soloAllowance: SoloAllowance;
  ledger: LedgerService;
  messages: MessagesService;
  realtime: RealtimeService;
  appConfig: AppConfigService;
  /** Public answers kept in memory: content and settings changes drop them. */
  publicCache: PublicCache;
  settlement: SettlementService;
  inviteRules: InviteRulesService;
  /** 理性投注, read only in the console. */
  responsible: ResponsiblePlayService;
}

/** The operator console's services (/admin/v1), built once beside the rest. */
export function createBackoffice(d: BackofficeDeps) {
  const security = new OperatorSecurityService(d.db, d.config, d.operators, d.clock);
  d.operators.useSecondFactor((operator, code) => security.checkSignIn(operator, code));
  const pending = new PendingWorkService(d.db, d.config, d.broadcaster, d.log);
  return {
    security,
    pending,
    operatorsAdmin: new OperatorsAdminService(d.db, d.operators, d.clock, d.controlChanges),
    dashboard: new DashboardService(d.db, d.clock),
    financeSettings: d.financeSettings,
    financeQueues: new FinanceQueuesService(d.db),
    reports: new ReportsAdminService(d.db, d.clock),
    sports: new SportsAdminService(
      d.db,
      d.ledger,
      d.settlement,
      d.operators,
      d.clock,
      { changes: d.controlChanges, solo: d.soloAllowance },
      d.publicCache,
      d.broadcaster,
      d.log,
    ),
    agents: new AgentsAdminService(d.db, d.inviteRules, d.clock),
    lottery: new LotteryAdminService(d.db, d.operators, d.clock),
    content: new ContentAdminService(d.db, d.operators, d.appConfig, d.messages, d.clock, d.publicCache),
    members: new MembersAdminService(d.db, d.operators, d.events, d.realtime, d.clock, d.responsible),
    adjustments: new AdjustmentsService(
      d.db,
      d.ledger,
      d.operators,
      d.messages,
      d.soloAllowance,
      d.clock,
      () => pending.changed(),
    ),
    /** Background work of the back office, run by the leader like every job. */
    jobs: [{ name: 'backoffice-pending', everyMs: 5_000, run: () => pending.publish() }],
    /** Recounts pending work when money or a member changes (started with the app, in every process). */
    listen: () => {
      pending.start(d.events);
      return () => pending.stop();
    },
  };
}
export type Backoffice = ReturnType<typeof createBackoffice>;

/** Every /admin/v1 route of the console. */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(backofficeAuthRoutes);
  await app.register(dashboardRoutes);
  await app.register(membersRoutes);
  await app.register(financeRoutes);
  await app.register(contentRoutes);
  await app.register(sportsRoutes);
  await app.register(lotteryAdminRoutes);
  await app.register(agentsAdminRoutes);
  await app.register(reportsRoutes);
};
