/** The operators module's face: what other modules and the composition root may use. */
export { operatorsRoutes } from './operators.routes.ts';
export { OperatorsService } from './operators.service.ts';
export type { AuthenticatedOperator } from './operators.service.ts';
export type { OperatorRole, OperatorRow } from './operators.table.ts';
