/** The housekeeping module's face: what other modules and the composition root may use. */
export { HousekeepingService } from './housekeeping.service.ts';
