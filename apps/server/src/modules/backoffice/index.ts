import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SelfCheck } from '../../ops/integrity/self-check.ts';
import type { EventBus } from '../../lib/events.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ControlChanges } from '../dual-control/index.ts';
import type { Broadcaster } from '../realtime/index.ts';
import { backofficeAuthRoutes } from './auth.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService, PendingWorkService } from './dashboard.service.ts';
import { OperatorsAdminService } from './operators-admin.service.ts';
import { OperatorSecurityService } from './security.service.ts';

export interface BackofficeDeps {
  db: Db;
  /** Reads that may lag (Core.reads): the dashboard's figures, the pending counts a console opens with. */
  reads: Db;
  config: AppConfig;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  broadcaster: Broadcaster;
  operators: OperatorsService;
  /** Dual control: changes waiting for a second operator (operator accounts and their powers). */
  controlChanges: ControlChanges;
  /** The software self-check's latest outcome, for the dashboard. */
  selfCheck: Pick<SelfCheck, 'state'>;
}

/** The operator console's services (/admin/v1), built once beside the rest. */
export function createBackoffice(d: BackofficeDeps) {
  const security = new OperatorSecurityService(d.db, d.config, d.operators, d.clock);
  d.operators.useSecondFactor((operator, code) => security.checkSignIn(operator, code));
  const pending = new PendingWorkService(d.db, d.reads, d.config, d.broadcaster, d.log);
  return {
    security,
    pending,
    operatorsAdmin: new OperatorsAdminService(d.db, d.operators, d.clock, d.controlChanges),
    dashboard: new DashboardService(d.reads, d.clock, () => d.selfCheck.state()),
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

/** The console's own /admin/v1 routes (each module registers the console routes of what it runs). */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(backofficeAuthRoutes);
  await app.register(dashboardRoutes);
};
