import type { Core } from '../../core.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { AgentApplicationsService } from './applications.service.ts';
import { AgentCentreService } from './centre.service.ts';

/** Agents: applications and their decisions, the agent centre. */
export function createAgents(
  c: Core,
  d: { operators: OperatorsService; messages: MessagesService; responsible: ResponsiblePlayService },
) {
  return {
    /** Agent applications: apply, cancel, operators' decisions. */
    agentApplications: new AgentApplicationsService(
      c.db,
      c.reads,
      d.operators,
      d.messages,
      c.events,
      c.clock,
      d.responsible,
    ),
    /** The agent centre: an agent's own members and their records. */
    agentCentre: new AgentCentreService(c.db, c.clock),
  };
}
