import { sql as drizzleSql, SQL, StringChunk, type SQLChunk } from 'drizzle-orm';

/**
 * Drizzle's `sql` template, with its text worked out once per template.
 *
 * Drizzle builds a template's text again on every run: each interpolated value is tested against
 * a dozen entity kinds (table, column, param, subquery, …) before it becomes `$n`. On the money
 * paths, where every statement is a fixed template with plain values, that was a sixth of the
 * server's CPU per request (issue 20, profiles of the game transfer and bet submit benches).
 *
 * A template whose values are all plain (string, number, bigint, boolean, null, Date) has a text
 * that depends on its literal parts alone: `strings[0] $1 strings[1] $2 …`. That text is kept by
 * the template's `strings` array (the same object every time a call site runs) and the values are
 * the parameters as they are. Any other value (a column, a table, a nested `sql`, an array, which
 * drizzle spreads into a list, or undefined, which it drops) takes drizzle's own path. The result
 * is a drizzle `SQL` either way, so it nests in other templates and keeps `.mapWith`, `.as`, ….
 */
export const sql: typeof drizzleSql = Object.assign(function sql(
  strings: TemplateStringsArray,
  ...values: unknown[]
): SQL {
  for (const value of values) if (!isPlain(value)) return drizzleSql(strings, ...values);
  let template = templates.get(strings);
  if (!template) {
    template = compile(strings);
    templates.set(strings, template);
  }
  return new CompiledSql(template, values);
}, drizzleSql);

interface Template {
  /** The text with `$1 … $n` where the values go. */
  readonly text: string;
  /** Drizzle's chunks for the literal parts, for when the statement is nested in another. */
  readonly parts: readonly StringChunk[];
}

const templates = new WeakMap<TemplateStringsArray, Template>();

function compile(strings: TemplateStringsArray): Template {
  let text = strings[0] ?? '';
  for (let i = 1; i < strings.length; i++) text += `$${i}${strings[i]}`;
  return { text, parts: strings.map((s) => new StringChunk(s)) };
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

/** A template of plain values: its text from the cache, its values as the parameters. */
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
    if (numbered) numbered.value += this.values.length;
    return { sql: this.template.text, params: this.values };
  }
}
