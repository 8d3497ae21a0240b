/** The agents module's face: what other modules and the composition root may use. */
export { agentTotals, memberCounts, membersOf } from './agents.repo.ts';
export { agentsRoutes } from './agents.routes.ts';
export { AgentApplicationsService } from './applications.service.ts';
export { AgentCentreService, agentUrl } from './centre.service.ts';
export { createAgents } from './agents.module.ts';
