// `npm test`: every tier, each run even when an earlier one failed, then one table of tiers,
// results, times and the Node each ran on. Exits non-zero when any tier failed.
//
//   node scripts/test.mjs                 all tiers
//   node scripts/test.mjs unit module     only these
//
// Tiers run in stages, side by side within a stage (see STAGES): typecheck, lint, the unit tests
// and the proofs (fuzz, access matrix, chaos); then the module tests and the browser tests. Every
// tier runs on the `node` first on PATH (the tools' `#!/usr/bin/env node` lines find it too), which
// .ci/run makes Node 24 (docs/decisions/023). With TEST_NODE22 (the path of a Node 22 binary, as
// .ci/run provides) the server's and shared package's unit tests also run on Node 22, the oldest
// line `engines` allows.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';

/**
 * Lines naming a failed test or file (vitest's `FAIL` and `×` lines), kept per label so the table at
 * the end says what failed: side by side, the tiers' output interleaves and a log's tail is all a
 * reader may get.
 */
const failures = [];
const FAILED_LINE = /^\s*(FAIL\s|×\s|✗\s)/;

/**
 * The Node a command line starting with `binary` runs on, version and path: `node` is looked up on
 * PATH as the shell and every tool's `#!/usr/bin/env node` line look it up.
 */
function nodeOf(binary) {
  const probe = spawnSync(binary, ['-p', 'process.version + " " + process.execPath'], { encoding: 'utf8' });
  const [version, path] = (probe.stdout ?? '').trim().split(' ');
  return { version: version || `(no ${binary})`, path: path || binary };
}

/**
 * One command: resolves with its exit code, seconds taken and the Node it ran on (`binary`: `node`
 * on PATH unless the command starts with another). Output goes straight through.
 */
function run(label, command, binary = 'node') {
  const node = nodeOf(binary);
  process.stdout.write(`[${label}] Node ${node.version} (${node.path})\n`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (chunk) =>
      chunk
        .toString()
        .split('\n')
        .map((line, i, all) => {
          if (i === all.length - 1 && line === '') return '';
          const plain = stripVTControlCharacters(line);
          if (FAILED_LINE.test(plain) && failures.length < 60) failures.push(`[${label}] ${plain.trim()}`);
          return `[${label}] ${line}\n`;
        })
        .join('');
    child.stdout.on('data', (d) => process.stdout.write(prefix(d)));
    child.stderr.on('data', (d) => process.stderr.write(prefix(d)));
    child.on('close', (code) =>
      resolve({ code: code ?? 1, seconds: (performance.now() - started) / 1000, nodes: [node.version] }),
    );
  });
}

/** Node 22 for a second run of the unit tests, when CI provides it (the oldest line `engines` allows). */
const node22 = process.env.TEST_NODE22;
const VITEST = 'node_modules/vitest/vitest.mjs';
/** The Node every tier runs on (`node` on PATH), with a word when it is older than `engines` allows. */
const tierNode = nodeOf('node');
const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
const [major = 0, minor = 0] = tierNode.version.slice(1).split('.').map(Number);
const [wantMajor = 0, wantMinor = 0] = (/(\d+)(?:\.(\d+))?/.exec(engines) ?? []).slice(1).map(Number);
if (major < wantMajor || (major === wantMajor && minor < wantMinor))
  console.warn(
    `== Node ${tierNode.version} is older than package.json's engines (${engines}); use Node 24 (LTS)`,
  );

const tiers = [
  {
    name: 'check',
    what: 'typecheck ‖ lint',
    run: async () => {
      const [types, lint] = await Promise.all([
        run('typecheck', 'npm run typecheck'),
        run('lint', 'npm run lint'),
      ]);
      return {
        code: types.code || lint.code,
        nodes: [...types.nodes, ...lint.nodes],
        detail: `typecheck ${types.seconds.toFixed(0)} s, lint ${lint.seconds.toFixed(0)} s`,
      };
    },
  },
  {
    name: 'unit',
    what: node22 ? `vitest unit on ${tierNode.version}, then shared and server on Node 22` : 'vitest unit',
    run: async () => {
      const first = await run('unit', 'npm run test:unit');
      if (!node22) return first;
      // On Node 22 only what runs on Node in production: the server's and the shared package's
      // unit tests. The member app and the console run in browsers; their tests (happy-dom, a
      // third of the tier's time) prove nothing more on another Node.
      const second = await run(
        'unit@22',
        `${node22} ${VITEST} run --project unit packages/shared apps/server`,
        node22,
      );
      return {
        code: first.code || second.code,
        nodes: [...first.nodes, ...second.nodes],
        detail: `${first.seconds.toFixed(0)} s, then ${second.seconds.toFixed(0)} s on Node 22`,
      };
    },
  },
  {
    name: 'module',
    what: process.env.TEST_DATABASE_URL
      ? 'vitest module (PGlite) ‖ module-pg (PostgreSQL)'
      : 'vitest module (PGlite)',
    run: async () => {
      if (!process.env.TEST_DATABASE_URL) return run('module', 'npm run test:module');
      // The PGlite files are Node-bound and the PostgreSQL files wait on the server: side by side
      // they share the two cores better than one after the other.
      const [pglite, postgres] = await Promise.all([
        run('module', `node ${VITEST} run --project module`),
        run('module-pg', `node ${VITEST} run --project module-pg`),
      ]);
      return {
        code: pglite.code || postgres.code,
        nodes: [...pglite.nodes, ...postgres.nodes],
        detail: `PGlite ${pglite.seconds.toFixed(0)} s, PostgreSQL ${postgres.seconds.toFixed(0)} s`,
      };
    },
  },
  {
    name: 'proofs',
    what: 'fuzz, access matrix and chaos at CI size (PROOF_SIZE=large for the whole run)',
    run: () => run('proofs', 'npm run test:proofs'),
  },
  { name: 'e2e', what: 'build, then vitest e2e (Chromium)', run: () => run('e2e', 'npm run test:e2e') },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !tiers.some((t) => t.name === w));
if (unknown.length) {
  console.error(`unknown tier(s): ${unknown.join(', ')}; tiers: ${tiers.map((t) => t.name).join(', ')}`);
  process.exit(2);
}

/**
 * Tiers of one stage run side by side. Typecheck and lint are one process each, so the unit tests
 * and the proofs fill the cores beside them. With more than two cores the module tiers keep the
 * cores busy while the browser tests mostly wait (toasts, sockets, the simulator); on two, the
 * PGlite and PostgreSQL module runs already fill them, and the browser tests beside them ran 5–14 ×
 * slower than alone on a slow host (load 14–17), past their time limits: one after the other.
 */
const STAGES =
  availableParallelism() > 2
    ? [
        ['check', 'unit', 'proofs'],
        ['module', 'e2e'],
      ]
    : [['check', 'unit', 'proofs'], ['module'], ['e2e']];

const results = [];
const started = performance.now();
for (const stage of STAGES) {
  const chosen = tiers.filter((t) => stage.includes(t.name) && (!wanted.length || wanted.includes(t.name)));
  const outcomes = await Promise.all(
    chosen.map(async (tier) => {
      console.log(`\n== ${tier.name}: ${tier.what}`);
      const t0 = performance.now();
      const outcome = await tier.run();
      console.log(`== ${tier.name}: ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`}`);
      return {
        tier,
        code: outcome.code,
        seconds: (performance.now() - t0) / 1000,
        detail: outcome.detail ?? '',
        nodes: [...new Set(outcome.nodes)].join(', '),
      };
    }),
  );
  results.push(...outcomes);
}

const total = (performance.now() - started) / 1000;
/** m:ss of a duration in seconds, rounded to the second first (179.6 s is 3:00, not 2:60). */
const minutes = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
console.log(`\n== npm test: tiers (Node ${tierNode.version}, ${tierNode.path})`);
for (const r of results)
  console.log(
    `${r.tier.name.padEnd(8)} ${(r.code === 0 ? 'passed' : 'FAILED').padEnd(7)} ${minutes(r.seconds).padStart(6)}  ${r.nodes.padEnd(18)} ${r.detail}`,
  );
console.log(`${'total'.padEnd(8)} ${''.padEnd(7)} ${minutes(total).padStart(6)}`);
if (failures.length) {
  console.log('\n== what failed');
  for (const line of failures) console.log(line);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
