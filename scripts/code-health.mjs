// `node scripts/code-health.mjs`: the counts issue 42 holds the code to, read from the tree.
//
//   imports of other modules' internals   a server module importing another module's file that is not its index.ts
//                                         (nor, for a repository or table, its schema.ts)
//   module cycles                          strongly connected groups of server modules (by any import)
//   twice-declared routes                  member routes declared both in the contract map and in a Fastify call
//   untyped console calls                  get<T>/post<T>/put<T>/del<T>( with a path string in apps/admin
//   inline error messages                  `new AppError(`/`badRequest(`… with a Chinese literal in server code
//   wall-clock reads in tests              Date.now() / new Date() / new ManualClock() (no argument) in test
//                                          files, except on a line marked `// wall clock: measures itself`
//
// With --json the counts are printed as JSON; --list prints each finding.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const list = process.argv.includes('--list');
const files = execFileSync('git', ['-C', root, 'ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && fs.existsSync(path.join(root, f)));
const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
const isTest = (f) => /\.(test|proof|e2e|unit\.test)\.tsx?$/.test(f) || f.includes('/test/');

const MODULES = 'apps/server/src/modules/';
const moduleOf = (f) => (f.startsWith(MODULES) ? f.slice(MODULES.length).split('/')[0] : null);

const findings = {
  'imports of other modules\u2019 internals': [],
  'module cycles': [],
  'twice-declared routes': [],
  'untyped console calls': [],
  'inline error messages': [],
  'wall-clock reads in tests': [],
};

// ---- imports between server modules ----
const edges = new Map();
for (const f of files.filter((f) => f.startsWith('apps/server/src/') && !isTest(f))) {
  const from = moduleOf(f);
  for (const m of read(f).matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)) {
    const spec = m[1];
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(f), spec));
    const to = moduleOf(target);
    if (!from || !to || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    // A module's tables are offered to the database layer (repositories, tables) in its schema.ts.
    const face =
      /\/index\.ts$/.test(target) || (/\/schema\.ts$/.test(target) && /\.(repo|table)\.ts$/.test(f));
    if (!face) findings['imports of other modules\u2019 internals'].push(`${f} -> ${target}`);
  }
}

// Tarjan's strongly connected components over the module graph.
{
  let index = 0;
  const stack = [];
  const idx = new Map();
  const low = new Map();
  const on = new Set();
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) findings['module cycles'].push(group.sort().join(' \u2194 '));
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
}

// ---- routes declared in the contract map and again in a Fastify call ----
// Every memberApi entry is a route the server registers (contract-routes.test.ts proves it). One
// that no `contractRoutes(memberApi, …)` registers is declared a second time, in a Fastify call of
// whatever shape: a literal path, a template (`${prefix}/experts`), a loop over spellings, another
// instance than `app`. So count the entries, less those keyed in a contractRoutes file.
{
  const contract = fs.existsSync(path.join(root, 'packages/shared/src/contracts/api.ts'))
    ? read('packages/shared/src/contracts/api.ts')
    : '';
  const routeKey = /'((?:GET|POST|PUT|PATCH|DELETE) \/[^']+)'\s*:/g;
  const declared = [...contract.matchAll(routeKey)].map((m) => m[1]);
  const fromContract = new Set();
  const where = new Map();
  for (const f of files.filter((f) => f.startsWith('apps/server/src/') && !isTest(f))) {
    const text = read(f);
    if (/contractRoutes\(\s*memberApi\b/.test(text))
      for (const m of text.matchAll(routeKey)) fromContract.add(m[1]);
    for (const m of text.matchAll(/\.(get|post|put|patch|delete)\(\s*\n?\s*'(\/v1\/[^']+|\/user[^']*)'/g))
      where.set(`${m[1].toUpperCase()} ${m[2]}`, f);
  }
  for (const key of declared) {
    if (fromContract.has(key)) continue;
    findings['twice-declared routes'].push(where.has(key) ? `${key} (${where.get(key)})` : key);
  }
}

// ---- console calls that choose their own response type ----
for (const f of files.filter((f) => f.startsWith('apps/admin/src/') && !isTest(f))) {
  for (const m of read(f).matchAll(/\b(get|post|put|del)<[^>]+>\(\s*[`'"]/g))
    findings['untyped console calls'].push(`${f}: ${m[0]}`);
}

// ---- error messages written inline ----
const CJK = /[\u4e00-\u9fff]/;
for (const f of files.filter((f) => f.startsWith('apps/server/src/') && !isTest(f))) {
  for (const m of read(f).matchAll(
    /\b(?:new AppError\(\s*\d+\s*,|badRequest\(|forbidden\(|notFound\(|conflict\(|unprocessable\(|tooManyAttempts\()\s*(['`])([^'`]*)\1/g,
  ))
    if (CJK.test(m[2])) findings['inline error messages'].push(`${f}: ${m[2].slice(0, 40)}`);
}

// ---- tests that read the wall clock ----
// A test owns its time (the app's clock, a fixed instant, a ManualClock it moves). A reading that
// measures the test itself (a duration it prints, a wait loop's deadline) carries the marker comment
// on its line and is not counted; `new ManualClock()` without an instant starts at the wall clock.
const MEASURES_ITSELF = '// wall clock: measures itself';
for (const f of files.filter(isTest)) {
  for (const line of read(f).split('\n')) {
    if (line.includes(MEASURES_ITSELF)) continue;
    for (const m of line.matchAll(/\bDate\.now\(\)|\bnew Date\(\)|\bnew ManualClock\(\)/g))
      findings['wall-clock reads in tests'].push(`${f}: ${m[0]}`);
  }
}

const counts = Object.fromEntries(Object.entries(findings).map(([k, v]) => [k, v.length]));
if (process.argv.includes('--json')) console.log(JSON.stringify(counts));
else {
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  for (const [k, n] of Object.entries(counts)) console.log(`${k.padEnd(width)}  ${n}`);
}
if (list)
  for (const [k, v] of Object.entries(findings)) {
    if (!v.length) continue;
    console.log(`\n${k}:`);
    for (const line of v) console.log(`  ${line}`);
  }
