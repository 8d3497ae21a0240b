import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberApi, type RouteContract } from '@app/shared/api';
import { createTestApp, type TestApp } from './test/harness.ts';

/**
 * The web app types every call by `memberApi` (packages/shared/src/contracts/api.ts). This proves
 * each entry against the route the server registers: the route exists, and its params, query,
 * body and `data` schemas describe the same JSON as the contract's (compared as JSON Schema, so a
 * route that still declares a schema inline passes as long as the shape is the same).
 */
type Part = 'params' | 'query' | 'body' | 'response';

const registered = new Map<string, RouteOptions>();
let testApp: TestApp;

function recordRoutes(message: unknown): void {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.set(`${method} ${route.url}`, route);
  });
}

/** The JSON a schema accepts (requests) or produces (responses), as JSON Schema. */
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
  // Every /v1 answer is envelope(data): compare the data.
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

describe('memberApi, the contract the web app is typed by', () => {
  const entries = Object.entries(memberApi) as Array<[string, RouteContract]>;

  it('names only routes the server registers', () => {
    expect(registered.size).toBeGreaterThan(100);
    const missing = entries.map(([route]) => route).filter((route) => !registered.has(route));
    expect(missing).toEqual([]);
  });

  it.each(entries)('%s: params, query, body and data match the route', (route, contract) => {
    const declared = registered.get(route);
    expect(declared, route).toBeDefined();
    for (const part of ['params', 'query', 'body', 'response'] as const) {
      expect(shapeOf(contract[part], part), `${route} ${part}`).toEqual(
        shapeOf(serverPart(declared!, part), part),
      );
    }
  });
});
