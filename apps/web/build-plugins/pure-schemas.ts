import { parseSync, type ESTree, type Plugin } from 'vite';

/** Shared modules that declare zod schemas (contracts, domain schemas). */
const SHARED_SOURCE = /\/packages\/shared\/src\/.+\.ts$/;
const IMPORTS_ZOD = /from\s+['"]zod['"]/;
const PURE = '/* @__PURE__ */ ';

type Node = ESTree.Node;

function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);
const CALLS = new Set(['CallExpression', 'NewExpression', 'TaggedTemplateExpression']);

/** Whether an initialiser calls anything at module evaluation (function bodies are not run). */
function callsAtTopLevel(node: Node): boolean {
  if (FUNCTIONS.has(node.type)) return false;
  if (CALLS.has(node.type)) return true;
  return Object.values(node).some((value: unknown) =>
    Array.isArray(value)
      ? value.some((item) => isNode(item) && callsAtTopLevel(item))
      : isNode(value) && callsAtTopLevel(value),
  );
}

/**
 * Wraps each top-level `const x = …` initialiser that calls something in a pure-annotated arrow
 * call, `/* @__PURE__ *\/ (() => (…))()`: evaluated where it was, and dropped whole (arguments
 * included) when `x` is unused. Annotating the calls themselves is not enough: the bundler keeps
 * an argument it cannot prove pure (`KEYS.length * 2`, `Object.keys(…).join()`), and that remnant
 * keeps the module, and zod, in the chunk. Returns the new code, or null when nothing changed.
 */
export function markTopLevelCallsPure(file: string, code: string): string | null {
  const { program } = parseSync(file, code);
  const spans: Array<{ start: number; end: number }> = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of declaration.declarations) {
      if (init && callsAtTopLevel(init)) spans.push({ start: init.start, end: init.end });
    }
  }
  if (spans.length === 0) return null;
  let out = code;
  for (const { start, end } of spans.reverse()) {
    out = `${out.slice(0, start)}${PURE}(() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/**
 * Lets the bundler drop zod schemas the web never uses. A shared contract module declares its
 * constants (limits, names, defaults) beside its schemas; `z.object(…)` at module level is a call
 * the bundler must keep unless told it is pure, so importing one constant would bring the module's
 * every schema and zod with it. Building a schema has no effect the web relies on (only `.meta()`
 * registers it, for the server's OpenAPI document), so in the web build the top-level initialisers
 * of shared modules that import zod are marked pure; `sideEffects: false` in @app/shared then lets
 * unused modules go entirely.
 */
export function pureSharedSchemas(): Plugin {
  return {
    name: 'pure-shared-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id) || !IMPORTS_ZOD.test(code)) return null;
      const marked = markTopLevelCallsPure(id, code);
      return marked === null ? null : { code: marked, map: null };
    },
  };
}
