/**
 * Routes declared once (issue 42, point 2): a route's method, path and schemas are its entry in a
 * contract map of @app/shared (`memberApi` for /v1, `backofficeApi` for /admin/v1), the same entry
 * the apps' clients are typed by. A module registers its routes from that map with only what the
 * contract cannot say: the handler, who may call it, and its words in the API docs.
 *
 *   export const activitiesRoutes = contractRoutes(memberApi, {
 *     'GET /v1/activity/types': { summary: '活动分类', handler: () => ok(svc.types(), '获取成功') },
 *   });
 */
import type { RouteContract } from '@app/shared/api';
import type { Permission } from '@app/shared/backoffice';
import { csvFile } from '@app/shared/backoffice-api';
import { envelope } from '@app/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { requirePermission } from './operator-guard.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler gets: params, query and body as its contract entry parses them. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
  Body: Output<C['body']>;
}>;

/** A handler's answer: the success envelope of the entry's `response`, or a reply sent itself. */
export type ContractAnswer<C extends RouteContract> =
  { code: number; message: string; data: z.input<C['response']> } | FastifyReply;

/** How callers are let in: a member's token, an operator's (with a permission), or anyone. */
export type RouteAccess =
  { member: true } | { permission: Permission } | { operator: true } | { public: true };

export interface RouteSpec<C extends RouteContract> {
  /** One line in the API docs (OpenAPI summary). */
  summary: string;
  /** More words in the API docs when one line is not enough (OpenAPI description). */
  description?: string;
  tags?: string[];
  /** Who may call it. Omitted means public. */
  access?: RouteAccess;
  /** Answers the request: `ok(data, message)`, or the reply when it sends its own. */
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<ContractAnswer<C>>;
  /** Anything else a Fastify route takes: rate limits, public-cache topics, hooks, body limits. */
  config?: FastifyContextConfig;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  preValidation?: preValidationHookHandler | preValidationHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  bodyLimit?: number;
  /** The 200 answer's schema when it is not `envelope(response)` (an answer a third party reads). */
  response200?: z.ZodType;
}

type Specs<M extends Record<string, RouteContract>> = { [K in keyof M]?: RouteSpec<M[K]> };

const BEARER = [{ bearer: [] }];

/**
 * A Fastify plugin registering `specs` from `contract`: method and path from the key
 * (`'GET /v1/activity/list'`), params, querystring, body and `envelope(response)` from the entry
 * (none for an entry answering `csvFile`, a list's CSV export).
 */
export function contractRoutes<M extends Record<string, RouteContract>>(
  contract: M,
  specs: (app: FastifyInstance) => Specs<M>,
) {
  return async (app: FastifyInstance): Promise<void> => {
    const built = specs(app);
    for (const [key, raw] of Object.entries(built) as Array<[string, RouteSpec<RouteContract> | undefined]>) {
      if (!raw) continue;
      const entry = contract[key];
      if (!entry) throw new Error(`${key} is not in the contract map`);
      const space = key.indexOf(' ');
      const method = key.slice(0, space) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = key.slice(space + 1);
      const access = raw.access ?? { public: true };
      const guard = accessHooks(app, access);
      app.route({
        method,
        url,
        ...(raw.config || 'permission' in access
          ? {
              config: { ...raw.config, ...('permission' in access ? { permission: access.permission } : {}) },
            }
          : {}),
        ...(raw.bodyLimit ? { bodyLimit: raw.bodyLimit } : {}),
        onRequest: hookOption([...guard.onRequest, ...[raw.onRequest ?? []].flat()]),
        preValidation: hookOption([...guard.preValidation, ...[raw.preValidation ?? []].flat()]),
        ...(raw.preHandler ? { preHandler: raw.preHandler } : {}),
        schema: {
          ...(raw.tags ? { tags: raw.tags } : {}),
          summary: raw.summary,
          ...(raw.description ? { description: raw.description } : {}),
          ...('public' in access ? {} : { security: BEARER }),
          ...(entry.params ? { params: entry.params } : {}),
          ...(entry.query ? { querystring: entry.query } : {}),
          ...(entry.body ? { body: entry.body } : {}),
          // A CSV export (`csvFile`) streams a file, not an envelope: no response schema.
          ...(entry.response === csvFile
            ? {}
            : { response: { 200: raw.response200 ?? envelope(entry.response) } }),
        },
        // The spec's own function, not a closure around it: no extra call on the hot paths.
        handler: raw.handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      });
    }
  };
}

/**
 * A route's hooks as none, the one function, or (two or more) the array. Fastify's HEAD twin of a
 * GET route copies the route's options shallowly and so shares their arrays, and plugins that add a
 * hook to every route (compress, rate-limit) push theirs into that one array twice: the GET route
 * would run compress's hook twice per request and count its rate limit twice. A GET route with two
 * or more hooks of one kind still has that cost.
 */
function hookOption<H>(hooks: H[]): H | H[] | undefined {
  return hooks.length > 1 ? hooks : hooks[0];
}

/** The hooks that let a caller in, by the route's access. */
function accessHooks(app: FastifyInstance, access: RouteAccess) {
  if ('member' in access) return { onRequest: [app.authenticate], preValidation: [] };
  if ('operator' in access) return { onRequest: [app.authenticateOperator], preValidation: [] };
  if ('permission' in access) {
    return { onRequest: [app.authenticateOperator], preValidation: [requirePermission(access.permission)] };
  }
  return { onRequest: [], preValidation: [] };
}
