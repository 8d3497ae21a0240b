/** The bonus module's face: what other modules and the composition root may use. */
export { BonusService } from './bonus.service.ts';
export type { BonusLogRow } from './bonus.table.ts';
