/** The idempotency module's face: what other modules and the composition root may use. */
export { IdempotencyService } from './idempotency.service.ts';
