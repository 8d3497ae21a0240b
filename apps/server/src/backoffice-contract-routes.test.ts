import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from '@app/shared/api';
import { backofficeApi, csvFile } from '@app/shared/backoffice-api';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * The console types every call by `backofficeApi` (packages/shared/src/contracts/backoffice/api.ts),
 * and the server registers every /admin/v1 route from it. This proves the two are the same set of
 * routes (none registered beside the map, no entry without its route), and that each entry's
 * params, query, body and `data` describe the same JSON as the registered route's schemas
 * (compared as JSON Schema). A list's CSV export answers a file: its route declares no response.
 */
type Part = 'params' | 'query' | 'body' | 'response';

const registered = new Map<string, RouteOptions>();
let testApp: TestApp;

function recordRoutes(message: unknown): void {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // HEAD is Fastify's own sibling of every GET.
      if (method !== 'HEAD' && route.url.startsWith('/admin/v1'))
        registered.set(`${method} ${route.url}`, route);
    }
  });
}

function shapeOf(schema: unknown, part: Part): unknown {
  if (schema === undefined) return undefined;
  return z.toJSONSchema(schema as z.ZodType, {
    io: part === 'response' ? 'output' : 'input',
    unrepresentable: 'any',
  });
}

function serverPart(route: RouteOptions, part: Part): unknown {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  if (part === 'query') return schema.querystring;
  if (part !== 'response') return schema[part];
  const ok = (schema.response as Record<number, z.ZodObject> | undefined)?.[200];
  return ok?.shape.data;
}

beforeAll(async () => {
  diagnostics.subscribe('fastify.initialization', recordRoutes);
  try {
    testApp = await createTestApp();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', recordRoutes);
  }
});
afterAll(async () => {
  await testApp.close();
});

describe('backofficeApi, the contract the console is typed by and the server registers from', () => {
  const entries = Object.entries(backofficeApi) as Array<[string, RouteContract]>;

  it('has an entry for every /admin/v1 route the server registers, and a route for every entry', () => {
    expect(registered.size).toBeGreaterThan(100);
    const declared = new Set(entries.map(([route]) => route));
    expect([...registered.keys()].filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('pairs every paged list that has an export with a `/export` entry taking the same params and query', () => {
    for (const [route, contract] of entries.filter(([, c]) => c.response === csvFile)) {
      const list = backofficeApi[
        route.replace(/\/export$/, '') as keyof typeof backofficeApi
      ] as RouteContract;
      expect(list, route).toBeDefined();
      expect(shapeOf(contract.query, 'query'), route).toEqual(shapeOf(list.query, 'query'));
      expect(shapeOf(contract.params, 'params'), route).toEqual(shapeOf(list.params, 'params'));
    }
  });

  it.each(entries)('%s: params, query, body and data match the route', (route, contract) => {
    const declared = registered.get(route);
    expect(declared, route).toBeDefined();
    for (const part of ['params', 'query', 'body'] as const) {
      expect(shapeOf(contract[part], part), `${route} ${part}`).toEqual(
        shapeOf(serverPart(declared!, part), part),
      );
    }
    if (contract.response === csvFile) {
      expect((declared!.schema as { response?: unknown }).response, `${route} answers CSV`).toBeUndefined();
    } else {
      expect(shapeOf(contract.response, 'response'), `${route} data`).toEqual(
        shapeOf(serverPart(declared!, 'response'), 'response'),
      );
    }
  });
});
