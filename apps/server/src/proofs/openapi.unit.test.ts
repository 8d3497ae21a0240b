import { describe, expect, it } from 'vitest';
import {
  fillPath,
  MISSING,
  operationsOf,
  prng,
  resolve,
  sample,
  spoilsOf,
  type OpenApiDocument,
} from './openapi.ts';

const doc: OpenApiDocument = {
  paths: {
    '/v1/orders/{id}': {
      get: {
        parameters: [
          { in: 'path', name: 'id', required: true, schema: { type: 'integer', exclusiveMinimum: 0 } },
          { in: 'query', name: 'status', schema: { type: 'string', enum: ['open', 'settled'] } },
        ],
        security: [{ bearer: [] }],
      },
    },
    '/admin/v1/things': {
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
        security: [{ bearer: [] }],
        'x-permission': 'content',
      },
    },
    '/docs/json': { get: {} },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { amount: { type: ['string', 'number'] }, name: { type: 'string', minLength: 2 } },
        required: ['amount'],
      },
    },
  },
};

describe('the OpenAPI document as the proofs read it', () => {
  it('lists the API operations with their parameters, body fields, token and permission', () => {
    const ops = operationsOf(doc);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(['GET /v1/orders/{id}', 'POST /admin/v1/things']);
    expect(ops[0]).toMatchObject({ signedIn: true, permission: undefined, body: null });
    expect(ops[0]!.pathParams.map((p) => p.name)).toEqual(['id']);
    expect(ops[1]!.body).toEqual([
      { name: 'amount', schema: { type: ['string', 'number'] }, required: true },
      { name: 'name', schema: { type: 'string', minLength: 2 }, required: false },
    ]);
    expect(ops[1]).toMatchObject({ permission: 'content', bodyRequired: true });
  });

  it('samples plausible values and spoils each field with types, amounts, long strings and NUL', () => {
    expect(sample('amount', { type: ['string', 'number'] })).toBe('10.00');
    expect(sample('id', { type: 'integer', exclusiveMinimum: 0 })).toBe(1);
    expect(sample('status', { type: 'string', enum: ['open', 'settled'] })).toBe('open');
    const spoils = spoilsOf({ name: 'amount', schema: { type: ['string', 'number'] }, required: true });
    const labels = spoils.map((s) => s.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'missing',
        'negative',
        '3 decimals',
        'huge',
        '100k string',
        'NUL',
        'array for a scalar',
      ]),
    );
    expect(spoils.find((s) => s.label === 'missing')!.value).toBe(MISSING);
    expect(resolve({ $ref: '#/components/schemas/Thing' }, doc).required).toEqual(['amount']);
    expect(fillPath('/v1/orders/{id}/x/{no}', { id: '7' })).toBe('/v1/orders/7/x/1');
  });

  it('draws the same sequence from the same seed', () => {
    const a = prng(15);
    const b = prng(15);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(prng(16)()).not.toBe(first[0]);
  });
});
