// `npm test`: every tier, each run even when an earlier one failed, then one table of tiers,
// results and times. Exits non-zero when any tier failed.
//
//   node scripts/test.mjs                 all tiers
//   node scripts/test.mjs unit module     only these
//
// Typecheck and lint read the same files and share the machine well, so they run side by side;
// the test tiers each use every core themselves and run one after another.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** One command: resolves with its exit code and seconds taken. Output goes straight through. */
function run(label, command) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (chunk) =>
      chunk
        .toString()
        .split('\n')
        .map((line, i, all) => (i === all.length - 1 && line === '' ? '' : `[${label}] ${line}\n`))
        .join('');
    child.stdout.on('data', (d) => process.stdout.write(prefix(d)));
    child.stderr.on('data', (d) => process.stderr.write(prefix(d)));
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (performance.now() - started) / 1000 }));
  });
}

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
        detail: `typecheck ${types.seconds.toFixed(0)} s, lint ${lint.seconds.toFixed(0)} s`,
      };
    },
  },
  { name: 'unit', what: 'vitest unit', run: () => run('unit', 'npm run test:unit') },
  {
    name: 'module',
    what: process.env.TEST_DATABASE_URL
      ? 'vitest module (PGlite) + module-pg (PostgreSQL)'
      : 'vitest module (PGlite)',
    run: () => run('module', 'npm run test:module'),
  },
  { name: 'e2e', what: 'build, then vitest e2e (Chromium)', run: () => run('e2e', 'npm run test:e2e') },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !tiers.some((t) => t.name === w));
if (unknown.length) {
  console.error(`unknown tier(s): ${unknown.join(', ')}; tiers: ${tiers.map((t) => t.name).join(', ')}`);
  process.exit(2);
}

const results = [];
const started = performance.now();
for (const tier of tiers.filter((t) => !wanted.length || wanted.includes(t.name))) {
  console.log(`\n== ${tier.name}: ${tier.what}`);
  const t0 = performance.now();
  const outcome = await tier.run();
  results.push({
    tier,
    code: outcome.code,
    seconds: (performance.now() - t0) / 1000,
    detail: outcome.detail ?? '',
  });
  console.log(`== ${tier.name}: ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`}`);
}

const total = (performance.now() - started) / 1000;
const minutes = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log('\n== npm test: tiers');
for (const r of results)
  console.log(
    `${r.tier.name.padEnd(8)} ${(r.code === 0 ? 'passed' : 'FAILED').padEnd(7)} ${minutes(r.seconds).padStart(6)}  ${r.detail}`,
  );
console.log(`${'total'.padEnd(8)} ${''.padEnd(7)} ${minutes(total).padStart(6)}`);
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
