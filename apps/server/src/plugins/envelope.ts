import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorEnvelope, httpMessage } from '@app/shared';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/errors.ts';
import { AppError } from '../lib/errors.ts';

/** A success envelope. */
export function ok<T>(data: T, message = '操作成功') {
  return { code: 200, message, data };
}

interface FieldError {
  field: string;
  message: string;
}

/** Chinese message naming the first wrong field, plus the full list for forms. */
function describeValidation(
  issues: Array<{ instancePath?: string; message?: string }>,
  context: string | undefined,
): { message: string; errors: FieldError[] } {
  const errors = issues.map((issue) => ({
    field: (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
    message: issue.message ?? httpMessage(400),
  }));
  const first = errors[0];
  if (!first) return { message: httpMessage(400), errors };
  const where =
    first.field || (context === 'body' ? '请求体' : context === 'querystring' ? '查询参数' : '参数');
  return { message: `${where}：${first.message}`, errors };
}

function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  data: Record<string, unknown> | null = null,
) {
  return reply.status(status).send({ code: status, message, data });
}

/** Maps every failure to the `{code, message, data}` envelope; 5xx answers never carry internals. */
async function envelopePlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    // Document the failure envelope on every /v1 route.
    if (!route.url.startsWith('/v1') && !route.url.startsWith('/user')) return;
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    response['4xx'] ??= errorEnvelope;
    response['5xx'] ??= errorEnvelope;
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, error.status, error.message, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = describeValidation(error.validation, error.validationContext);
      return sendError(reply, 400, message, { errors });
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendError(reply, 500, httpMessage(500));
    }
    // An unreachable database is maintenance, not a bug: 503 (SPEC §8), and jobs pause meanwhile.
    const health = app.hasDecorator('services') ? app.services.dbHealth : undefined;
    if (health ? health.observe(error) : isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      void reply.header('retry-after', '5');
      return sendError(reply, 503, httpMessage(503));
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database gave up on a statement');
      void reply.header('retry-after', '2');
      return sendError(reply, 503, '服务器繁忙，请稍后再试');
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status, httpMessage(status));
    }
    const known: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
      FST_ERR_CTP_BODY_TOO_LARGE: httpMessage(413),
      FST_ERR_CTP_INVALID_MEDIA_TYPE: httpMessage(415),
    };
    const message = (error.code && known[error.code]) ?? httpMessage(status);
    return sendError(reply, status, message);
  });

  app.setNotFoundHandler((request, reply) => {
    return sendError(reply, 404, httpMessage(404), { path: request.url.split('?')[0] ?? '' });
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
