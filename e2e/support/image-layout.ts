import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { copyTargets, parseDockerfile, stageNamed, type DockerStage } from './dockerfile.ts';

/**
 * The production image laid out on the filesystem without a container runtime, from the
 * Dockerfile's own lines (e2e/production-image.e2e.ts):
 * - `build`: its outputs are the repository's own `npm run build` (the stage's last RUN), so its
 *   WORKDIR stands for the repository;
 * - `deps`: its COPY lines from the build context (`.dockerignore` applied), then its RUN lines
 *   with `sh -c` in the stage's folder (npm's cache serves the install: `npm_config_prefer_offline`);
 * - the runtime stage: its COPY --from lines from those two.
 */

export interface ImageLayout {
  /** The runtime stage's WORKDIR on this machine. */
  runtimeDir: string;
  runtime: DockerStage;
}

/** The build context's exclusions; only the forms our .dockerignore uses (`**\/name`, `name`). */
export function dockerignored(repo: string): (source: string) => boolean {
  const file = path.join(repo, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  return (source) => {
    const parts = path.posix.normalize(source).split('/');
    return patterns.some((pattern) => {
      if (pattern.startsWith('**/')) return parts.includes(pattern.slice(3));
      if (pattern.includes('*') || pattern.startsWith('!'))
        throw new Error(`.dockerignore pattern not emulated: ${pattern}`);
      const rel = pattern.replace(/^\.?\//, '');
      return parts.join('/') === rel || parts.join('/').startsWith(`${rel}/`);
    });
  };
}

/** A stage's absolute path on this machine: under its WORKDIR only. */
function onDisk(stage: { workdir: string; dir: string }, absolute: string): string {
  if (absolute === stage.workdir) return stage.dir;
  if (!absolute.startsWith(`${stage.workdir}/`))
    throw new Error(`${absolute} is outside its stage's WORKDIR ${stage.workdir}: not emulated`);
  return path.join(stage.dir, absolute.slice(stage.workdir.length + 1));
}

/** COPY of one source: a folder's contents into the target, a file into it or as it. */
function copyOne(from: string, target: string, into: boolean): void {
  if (!existsSync(from)) throw new Error(`COPY source missing: ${from}`);
  if (statSync(from).isDirectory()) {
    mkdirSync(target, { recursive: true });
    // Symlinks as they are (npm's workspace links are relative), as Docker copies them.
    cpSync(from, target, { recursive: true, verbatimSymlinks: true });
    return;
  }
  const file = into ? path.join(target, path.basename(from)) : target;
  mkdirSync(path.dirname(file), { recursive: true });
  cpSync(from, file);
}

function runStage(stage: DockerStage, stages: Map<string, { workdir: string; dir: string }>, self: string) {
  const here = stages.get(self)!;
  const ignored = dockerignored(stages.get('context')!.dir);
  for (const step of stage.steps) {
    if (step.kind === 'run') {
      const result = spawnSync('sh', ['-c', step.command], {
        cwd: onDisk(here, step.workdir),
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
          ...stage.env,
          // The install the repository's own `npm ci` filled npm's cache with serves this one.
          npm_config_prefer_offline: 'true',
          npm_config_update_notifier: 'false',
        },
      });
      if (result.status !== 0)
        throw new Error(`RUN ${step.command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
      continue;
    }
    if (step.chown !== null && step.chown !== 'root:root')
      throw new Error(`COPY --chown=${step.chown} not emulated (the files are root's here)`);
    const source = step.from === null ? stages.get('context')! : stages.get(step.from);
    if (!source) throw new Error(`COPY --from=${step.from}: no such stage laid out`);
    for (const { source: src, target, into } of copyTargets(step)) {
      if (step.from === null && ignored(src)) throw new Error(`COPY ${src}: excluded by .dockerignore`);
      const from =
        step.from === null
          ? path.join(source.dir, src)
          : onDisk(source, path.posix.resolve(source.workdir, src));
      copyOne(from, onDisk(here, target), into);
    }
  }
}

/**
 * Lays the image out under `root` (outside the repository, so nothing there resolves the
 * repository's node_modules). The build stage must have run in the repository (`npm run build`).
 */
export function layOutImage(repo: string, root: string): ImageLayout {
  const all = parseDockerfile(readFileSync(path.join(repo, 'Dockerfile'), 'utf8'));
  const build = stageNamed(all, 'build');
  const lastRun = build.runs.at(-1)?.command;
  if (lastRun !== 'npm run build')
    throw new Error(`the build stage's last RUN is "${lastRun}", not the repository's npm run build`);
  // The build stage is not run here, but what it copies must be in the build context.
  const ignored = dockerignored(repo);
  for (const copy of build.copies)
    for (const source of copy.sources) {
      if (copy.from !== null) throw new Error(`the build stage copies from ${copy.from}: not emulated`);
      if (!existsSync(path.join(repo, source)) || ignored(source))
        throw new Error(`the build stage's COPY ${source} is not in the build context`);
    }
  const runtime = all.at(-1)!;
  const stages = new Map([
    ['context', { workdir: '/', dir: repo }],
    ['build', { workdir: build.workdir, dir: repo }],
  ]);
  for (const stage of all) {
    if (stage === build) continue;
    const name = stage.name ?? 'runtime';
    const dir = path.join(root, name);
    mkdirSync(dir, { recursive: true });
    stages.set(name, { workdir: stage.workdir, dir });
    runStage(stage, stages, name);
  }
  return { runtimeDir: stages.get('runtime')!.dir, runtime };
}
