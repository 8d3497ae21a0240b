import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorEnvelope, httpMessage } from '@app/shared';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/errors.ts';
import { isRedisUnavailable } from '../lib/redis.ts';
import { AppError, pgErrorCode, PG_FOREIGN_KEY_VIOLATION, refuse } from '../lib/errors.ts';

/** A success envelope. */
export function ok<T>(data: T, message = '操作成功') {
  return { code: 200, message, data };
}

interface FieldError {
  field: string;
  message: string;
}

/**
 * The first problem in words, plus the full list (field and message) for forms: a contract's own
 * message as it is, zod's generic wording after the field it is about.
 */
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
  // Our contracts' messages are sentences a member reads as they are (SPEC §5: 请选择投注选项);
  // zod's own wording (无效输入：期望 string…) names no field, so the field goes before it.
  if (CJK.test(first.message) && !ZOD_WORDING.test(first.message)) return { message: first.message, errors };
  const where =
    first.field || (context === 'body' ? '请求体' : context === 'querystring' ? '查询参数' : '参数');
  return { message: `${where}：${first.message}`, errors };
}

const CJK = /[\u4e00-\u9fff]/;
/** How zod's zh-CN locale starts its messages (无效输入, 数值过小, 出现未知的键). */
const ZOD_WORDING = /^(无效|数值过|出现未知)/;

function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  data: Record<string, unknown> | null = null,
) {
  return reply.status(status).send({ code: status, message, data });
}

const envelopeJson = (status: number, message: string) =>
  JSON.stringify({ code: status, message, data: null });

/**
 * Fastify's router refusals (a malformed percent-encoding, a path parameter longer than the
 * router allows), answered in the envelope like everything else (Fastify `frameworkErrors`).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = status === 414 ? '请求地址过长' : '请求地址格式不正确';
  void reply.status(status).type('application/json; charset=utf-8').send(envelopeJson(status, message));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line with raw non-ASCII
 * bytes, a malformed header): an envelope on the socket, then close.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timeout ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message = timeout
    ? httpMessage(408)
    : status === 431
      ? '请求头过大'
      : '请求格式不正确，地址中的中文等字符需要编码';
  const body = envelopeJson(status, message);
  const reason = timeout
    ? 'Request Timeout'
    : status === 431
      ? 'Request Header Fields Too Large'
      : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** True when a string anywhere in the value holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** Fields that explain a change without being one (the audit log's reason). */
const NOT_A_CHANGE = new Set(['reason']);

/** The keys each update request was sent with, before validation stripped or defaulted any. */
const sentKeys = new WeakMap<FastifyRequest, ReadonlySet<string>>();

async function noteSentKeys(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  const keys = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  sentKeys.set(request, new Set(keys));
}

/** True for a value that changes nothing: undefined, or an object with no field (`config: {}`). */
function holdsNothing(value: unknown): boolean {
  if (value === undefined) return true;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((v) => v === undefined);
}

/**
 * Refuses an update whose validated body holds no field the client sent (no body, `{}`, only
 * fields the schema does not know, only defaults, only a reason): it would change nothing, or
 * fail deep in the database layer ("No values to set").
 */
async function refuseEmptyUpdate(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  const sent = sentKeys.get(request) ?? new Set<string>();
  const changes =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.entries(body).filter(([k, v]) => sent.has(k) && !NOT_A_CHANGE.has(k) && !holdsNothing(v))
      : [];
  if (changes.length === 0 && !Array.isArray(body)) throw refuse('request.empty_update');
}

/** Maps every failure to the `{code, message, data}` envelope; 5xx answers never carry internals. */
async function envelopePlugin(app: FastifyInstance) {
  // Which methods a path answers to, so a wrong method gets 405 with Allow rather than 404.
  const methodsOf = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 1_000 });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (METHODS.includes(method as HTTPMethod) && !route.url.includes('*'))
        methodsOf.on(method as HTTPMethod, route.url, () => undefined);
  });

  // A NUL character in any parameter is refused before any work (PostgreSQL text cannot hold it).
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
      throw refuse('request.nul_character');
  });

  // An update with nothing in it is refused before the handler (see refuseEmptyUpdate), after the
  // route's own access checks and after validation, so a malformed field is named first.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.schema?.body || !methods.some((m) => m === 'PUT' || m === 'PATCH')) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), noteSentKeys];
    route.preHandler = [...[route.preHandler ?? []].flat(), refuseEmptyUpdate];
  });

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
      const retryAfter = error.data?.['retry_after'];
      if (error.status === 429 && typeof retryAfter === 'number' && !reply.hasHeader('retry-after'))
        void reply.header('retry-after', String(retryAfter));
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
    if (isRedisUnavailable(error)) {
      request.log.warn({ err: error }, 'redis unreachable');
      void reply.header('retry-after', '2');
      return sendError(reply, 503, '服务器繁忙，请稍后再试');
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database gave up on a statement');
      void reply.header('retry-after', '2');
      return sendError(reply, 503, '服务器繁忙，请稍后再试');
    }
    // A row that names a missing one (an unknown category, expert, match …): the caller's mistake.
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) {
      request.log.warn({ err: error }, 'request names a row that does not exist');
      return sendError(reply, 422, '关联的记录不存在');
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
    const path = request.url.split('?')[0] ?? '';
    const allowed = METHODS.filter((m) => m !== request.method && methodsOf.find(m, path));
    if (allowed.length > 0) {
      void reply.header('allow', allowed.join(', '));
      return sendError(reply, 405, '请求方法不允许', { allow: allowed });
    }
    return sendError(reply, 404, httpMessage(404), { path });
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
