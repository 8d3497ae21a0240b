import { reasons } from './define.ts';

/** What the Idempotency-Key of a money-moving request is refused for. */
export const IDEMPOTENCY_REASONS = reasons({
  'idempotency.key_invalid': { status: 400, message: 'Idempotency-Key 须为8-128位字母、数字或 _-:.' },
  'idempotency.key_reused': { status: 422, message: '幂等键已用于不同的请求' },
});
