import { sql as drizzleSql, SQL, StringChunk, type SQLChunk } from 'drizzle-orm';

/**
 * Drizzle's `sql` template, with its text worked out once per template.
 *
 * Drizzle builds a template's text again on every run: each interpolated value is tested against
 * a dozen entity kinds (table, column, param, subquery, …) before it becomes `$n`. On the money
 * paths, where every statement is a fixed template with plain values, that was a sixth of the
 * server's CPU per request (issue 20, profiles of the game transfer and bet submit benches).
 *
 * A template whose values are plain (string, number, bigint, boolean, null, Date) or constant
 * fragments (`sql.raw('…')`, a template without values) has a text that depends on its literal
 * parts and those fragments alone: `strings[0] $1 strings[1] $2 …`, with each fragment's text in
 * its place. That text is kept by the template's `strings` array (the same object every time a
 * call site runs) and the fragments' texts, and the plain values are the parameters as they are.
 * Any other value (a column, a table, a template with values, an array, which drizzle spreads into
 * a list, or undefined, which it drops) takes drizzle's own path. The result is a drizzle `SQL`
 * either way, so it nests in other templates and keeps `.mapWith`, `.as`, ….
 */
export const sql: typeof drizzleSql = Object.assign(function sql(
  strings: TemplateStringsArray,
  ...values: unknown[]
): SQL {
  // The fragments' positions and texts, as the second half of the key ('' when there are none).
  let fragments = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (isPlain(value)) continue;
    const text = fragmentText(value);
    if (text === undefined) return drizzleSql(strings, ...values);
    fragments += `${i}:${text.length}:${text}`;
  }
  let byFragments = templates.get(strings);
  if (!byFragments) templates.set(strings, (byFragments = new Map<string, Template>()));
  let template = byFragments.get(fragments);
  if (!template) {
    template = compile(strings, values);
    // A call site that interpolates ever new fragment texts (sql.raw of a value) keeps a few only.
    if (byFragments.size >= MAX_FRAGMENT_SHAPES) byFragments.clear();
    byFragments.set(fragments, template);
  }
  return new CompiledSql(template, values);
}, drizzleSql);

interface Template {
  /** The text with `$1 … $n` where the plain values go and the fragments' texts in place. */
  readonly text: string;
  /** Drizzle's chunks for the literal parts, for when the statement is nested in another. */
  readonly parts: readonly StringChunk[];
  /** Whether any value is a fragment (its parameters are then the plain values alone). */
  readonly hasFragments: boolean;
}

const templates = new WeakMap<TemplateStringsArray, Map<string, Template>>();
const MAX_FRAGMENT_SHAPES = 16;

function compile(strings: TemplateStringsArray, values: readonly unknown[]): Template {
  let text = strings[0] ?? '';
  let param = 0;
  let hasFragments = false;
  for (let i = 1; i < strings.length; i++) {
    const value = values[i - 1];
    if (isPlain(value)) text += `$${++param}`;
    else {
      text += fragmentText(value);
      hasFragments = true;
    }
    text += strings[i];
  }
  return { text, parts: strings.map((s) => new StringChunk(s)), hasFragments };
}

/** The text of a constant fragment (only literal text, no values), else undefined. */
function fragmentText(value: unknown): string | undefined {
  if (value instanceof CompiledSql) return value.constantText();
  if (!(value instanceof SQL)) return undefined;
  let text = '';
  for (const chunk of value.queryChunks) {
    if (!(chunk instanceof StringChunk)) return undefined;
    text += chunk.value.join('');
  }
  return text;
}

function isPlain(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return true;
    case 'object':
      return value === null || value instanceof Date;
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
  }
}

const NO_CHUNKS: SQLChunk[] = [];

/** A template of plain values and fragments: its text from the cache, its plain values as the parameters. */
class CompiledSql extends SQL {
  /** Set once `append` adds chunks or `inlineParams` asks for values in the text: drizzle builds it. */
  private drizzleBuilds = false;

  constructor(
    private readonly template: Template,
    private readonly values: unknown[],
  ) {
    // Drizzle's constructor looks through the chunks for tables; plain values hold none.
    super(NO_CHUNKS);
    const chunks: SQLChunk[] = [];
    const { parts } = template;
    chunks.push(parts[0]);
    for (let i = 0; i < values.length; i++) chunks.push(values[i] as SQLChunk, parts[i + 1]);
    (this as { queryChunks: SQLChunk[] }).queryChunks = chunks;
  }

  override append(query: SQL): this {
    this.drizzleBuilds = true;
    return super.append(query);
  }

  override inlineParams(): this {
    this.drizzleBuilds = true;
    return super.inlineParams();
  }

  override toQuery(config: Parameters<SQL['toQuery']>[0]): ReturnType<SQL['toQuery']> {
    // Numbering from 1 with values bound is the only way a statement runs on its own; anything
    // else (inlined values, a statement numbered after another's) is drizzle's to do.
    const numbered = (config as { paramStartIndex?: { value: number } }).paramStartIndex;
    if (this.drizzleBuilds || (numbered && numbered.value !== 0) || config.inlineParams)
      return super.toQuery(config);
    const params = this.template.hasFragments ? this.values.filter(isPlain) : this.values;
    if (numbered) numbered.value += params.length;
    return { sql: this.template.text, params };
  }

  /** Its text when it is a constant (fragments at most, nothing appended), for folding into another. */
  constantText(): string | undefined {
    return this.drizzleBuilds || this.values.some(isPlain) ? undefined : this.template.text;
  }
}
