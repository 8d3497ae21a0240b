/**
 * The served OpenAPI document as the proofs read it: every operation with its parameters and
 * JSON body schema, plausible values for each field, and the ways to spoil each one. Pure: the
 * fuzz and access proofs call it, its unit test checks it.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  'x-permission'?: string;
  summary?: string;
}

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `{id}` style. */
  path: string;
  pathParams: Field[];
  query: Field[];
  /** Properties of the JSON body; null when the operation takes none. */
  body: Field[] | null;
  bodyRequired: boolean;
  /** Whether it needs a bearer token. */
  signedIn: boolean;
  /** The back-office permission it checks (`x-permission`), if any. */
  permission: string | undefined;
}

/** Resolves `$ref`s and merges `allOf`, one level at a time. */
export function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name], doc);
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolve(s, doc));
    return {
      type: 'object',
      properties: parts.reduce<Record<string, JsonSchema>>((all, p) => ({ ...all, ...p.properties }), {}),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return schema;
}

function fieldsOf(schema: JsonSchema, doc: OpenApiDocument): Field[] {
  const s = resolve(schema, doc);
  const option = s.anyOf?.map((o) => resolve(o, doc)).find((o) => o.properties) ?? s;
  const required = new Set(option.required ?? []);
  return Object.entries(option.properties ?? {}).map(([name, field]) => ({
    name,
    schema: resolve(field, doc),
    required: required.has(name),
  }));
}

/** Every operation under the given path prefixes. */
export function operationsOf(doc: OpenApiDocument, prefixes = ['/v1/', '/admin/v1/']): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!prefixes.some((p) => path.startsWith(p))) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const params = op.parameters ?? [];
      const json = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: upper as Operation['method'],
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema, doc), required: true })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema, doc), required: p.required === true })),
        body: json ? fieldsOf(json, doc) : null,
        bodyRequired: op.requestBody?.required === true,
        signedIn: (op.security?.length ?? 0) > 0,
        permission: op['x-permission'],
      });
    }
  }
  return out;
}

/** A small seeded PRNG (mulberry32): the same seed, the same requests. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const types = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

const isMoney = (name: string, s: JsonSchema) =>
  /amount|money|stake|price|balance/.test(name) ||
  (types(s).includes('string') && types(s).includes('number'));

/** A plausible value for a field: what a well-behaved client would send. */
export function sample(name: string, schema: JsonSchema): unknown {
  const s = schema;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const option = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (option) return sample(name, option);
  const t = types(s);
  if (isMoney(name, s)) return '10.00';
  if (t.includes('integer') || t.includes('number')) {
    const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    return Math.max(1, Math.ceil(min));
  }
  if (t.includes('boolean')) return true;
  if (t.includes('array')) return s.items ? [sample(name, s.items)] : [];
  if (t.includes('object')) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(k, v);
    return out;
  }
  if (/date/.test(name) || s.format === 'date') return '2026-11-26';
  if (/time|_at$/.test(name) || s.format === 'date-time') return '2026-11-26T04:00:00.000Z';
  const min = s.minLength ?? 1;
  return 'abc123'.padEnd(Math.min(min, 64), 'x');
}

/** One way to spoil a request: a label and the changed value (`MISSING` drops the field). */
export interface Spoil {
  label: string;
  value: unknown;
}

export const MISSING = Symbol('missing');

/** The bad values every field is tried with: wrong types, missing, amounts out of shape, long, NUL, arrays. */
export function spoilsOf(field: Field): Spoil[] {
  const t = types(field.schema);
  const base = sample(field.name, field.schema);
  const spoils: Spoil[] = [
    { label: 'missing', value: MISSING },
    { label: 'null', value: null },
    { label: 'array for a scalar', value: [base] },
    { label: 'object', value: { nested: base } },
    { label: '100k string', value: 'x'.repeat(100_000) },
    { label: 'NUL', value: 'a\u0000b' },
    { label: '__proto__ string', value: '__proto__' },
  ];
  if (t.includes('string') || t.length === 0) spoils.push({ label: 'number for a string', value: 12345 });
  if (t.includes('boolean')) spoils.push({ label: 'string for a boolean', value: 'yes' });
  if (t.includes('integer') || t.includes('number') || isMoney(field.name, field.schema)) {
    spoils.push(
      { label: 'negative', value: -5 },
      { label: 'negative string', value: '-5' },
      { label: '3 decimals', value: '1.234' },
      { label: 'huge', value: '99999999999999999999999.99' },
      { label: 'huge number', value: 1e300 },
      { label: 'not a number', value: 'NaN' },
      { label: 'fraction', value: 1.5 },
      { label: 'word', value: 'abc' },
    );
  }
  return spoils;
}

/** Bad values for a path parameter (sent in the URL). */
export const PATH_SPOILS: Spoil[] = [
  { label: 'word', value: 'abc' },
  { label: 'negative', value: '-1' },
  { label: 'zero', value: '0' },
  { label: 'fraction', value: '1.5' },
  { label: 'huge', value: '99999999999999999999999' },
  { label: 'NUL', value: '%00' },
  { label: 'long', value: 'x'.repeat(300) },
  { label: '__proto__', value: '__proto__' },
  { label: 'unencoded non-ASCII', value: '彩' },
];

/** Fills `{name}` path parameters. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? '1');
}
