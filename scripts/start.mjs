// `npm start`: builds what changed since its last build, quietly, then starts the server.
//
// Each build (the member app, the console, the server) has inputs: its sources, the shared
// package, the lock file and its own configuration. Their fingerprint (SHA-256 over every input
// file's path and content) is written beside the build's output; a start whose inputs have the
// same fingerprint reuses the build, so a second start only starts. A build's own listing goes to
// the console only when it fails.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = [
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

const builds = [
  {
    name: '会员端 (apps/web)',
    workspace: '@app/web',
    out: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build-plugins',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
  },
  {
    name: '管理后台 (apps/admin)',
    workspace: '@app/admin',
    out: 'apps/admin/dist',
    inputs: [
      'apps/admin/src',
      'apps/admin/public',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'apps/admin/package.json',
    ],
  },
  {
    name: '服务端 (apps/server)',
    workspace: '@app/server',
    out: 'apps/server/dist',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/drizzle', 'apps/server/package.json'],
  },
];

const FINGERPRINT = '.build-fingerprint';

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of readdirSync(full).sort()) {
    if (child === 'node_modules' || child === 'dist' || child.startsWith('.')) continue;
    yield* files(path.join(entry, child));
  }
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs, ...shared])
    for (const file of files(input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

function run(command, args, { quiet }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

for (const build of builds) {
  const stamp = path.join(root, build.out, FINGERPRINT);
  const wanted = fingerprint(build.inputs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) {
    process.stdout.write(`${build.name}: 已是最新构建\n`);
    continue;
  }
  const started = Date.now();
  process.stdout.write(`${build.name}: 构建中…`);
  const { code, output } = await run('npm', ['run', 'build', '-w', build.workspace], { quiet: true });
  if (code !== 0) {
    process.stdout.write(' 失败\n');
    process.stderr.write(output);
    process.exit(code);
  }
  writeFileSync(stamp, wanted);
  process.stdout.write(` 完成（${((Date.now() - started) / 1000).toFixed(0)} 秒）\n`);
}

// The software manifest of what is about to run (apps/server/dist/integrity.json): the server
// hashes its files against it at start and every 24 hours (GLI-33's software self-check).
const manifest = await run(process.execPath, [path.join(root, 'apps/server/dist/integrity.js'), 'write'], {
  quiet: true,
});
if (manifest.code !== 0) {
  process.stderr.write(manifest.output);
  process.exit(manifest.code);
}
process.stdout.write(manifest.output);

// The server prints its URL and the logins last, once it listens.
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
