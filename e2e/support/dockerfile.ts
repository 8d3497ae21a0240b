/**
 * Reads a Dockerfile into its stages, so a test lays out and starts the image from the file's own
 * instructions rather than from a copy of them (e2e/production-image.e2e.ts). Only what our
 * Dockerfile uses is understood: FROM … AS, WORKDIR, ENV, USER, COPY (--from, --chown), RUN, CMD,
 * HEALTHCHECK … CMD, EXPOSE, STOPSIGNAL; anything else is refused rather than skipped.
 */

export interface DockerCopy {
  kind: 'copy';
  /** The stage copied from (`--from=`); null = the build context. */
  from: string | null;
  /** `--chown=` as written (e.g. `root:root`); null when absent. */
  chown: string | null;
  /** As written: relative to the build context, or absolute in the `from` stage. */
  sources: string[];
  /** As written: a trailing `/` (or several sources) makes it a folder. */
  dest: string;
  /** The stage's WORKDIR when the line ran, which a relative `dest` is resolved against. */
  workdir: string;
}

export interface DockerRun {
  kind: 'run';
  /** Shell form, continuation lines joined as Docker joins them. */
  command: string;
  workdir: string;
}

export interface DockerStage {
  /** `AS name`; null for an unnamed stage (ours: the last, the runtime). */
  name: string | null;
  image: string;
  /** The last WORKDIR (absolute). */
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  /** Exec form only. */
  cmd: string[] | null;
  healthcheck: { options: string[]; cmd: string[] } | null;
  expose: string[];
  stopSignal: string | null;
  /** COPY and RUN in the order they run. */
  steps: Array<DockerCopy | DockerRun>;
  copies: DockerCopy[];
  runs: DockerRun[];
}

/** One instruction per entry: comments dropped, `\`-continued lines joined. */
function instructions(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    // Comments (and parser directives such as `# syntax=`) only where an instruction could start;
    // inside a continuation they are dropped too, as Docker does.
    if (/^\s*#/.test(line)) continue;
    if (!current && line.trim() === '') continue;
    if (line.endsWith('\\')) {
      current += line.slice(0, -1);
      continue;
    }
    current += line;
    if (current.trim()) out.push(current.trim());
    current = '';
  }
  if (current.trim()) throw new Error(`Dockerfile ends inside a continued line: ${current.trim()}`);
  return out;
}

function execForm(rest: string, what: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rest);
  } catch {
    throw new Error(`${what} is not in exec form (a JSON array): ${rest}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((p): p is string => typeof p === 'string')) {
    throw new Error(`${what} is not a JSON array of strings: ${rest}`);
  }
  return parsed;
}

/** `k=v k2="v 2"` (or the old `k v`) into pairs. */
function envPairs(rest: string): Array<[string, string]> {
  if (!rest.includes('=')) {
    const [key, ...value] = rest.split(/\s+/);
    return [[key!, value.join(' ')]];
  }
  const pairs: Array<[string, string]> = [];
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g;
  for (const match of rest.matchAll(pattern)) {
    const value = match[2]!;
    pairs.push([match[1]!, value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value]);
  }
  return pairs;
}

function resolveWorkdir(current: string, next: string): string {
  const joined = next.startsWith('/') ? next : `${current.replace(/\/$/, '')}/${next}`;
  const parts: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const line of instructions(text)) {
    const match = /^(\S+)\s*(.*)$/s.exec(line)!;
    const keyword = match[1]!.toUpperCase();
    const rest = match[2]!.trim();
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      if (!from) throw new Error(`FROM not understood: ${rest}`);
      stages.push({
        name: from[2] ?? null,
        image: from[1]!,
        workdir: '/',
        env: {},
        user: null,
        cmd: null,
        healthcheck: null,
        expose: [],
        stopSignal: null,
        steps: [],
        copies: [],
        runs: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before the first FROM`);
    switch (keyword) {
      case 'WORKDIR':
        stage.workdir = resolveWorkdir(stage.workdir, rest);
        break;
      case 'ENV':
        for (const [key, value] of envPairs(rest)) stage.env[key] = value;
        break;
      case 'USER':
        stage.user = rest;
        break;
      case 'CMD':
        stage.cmd = execForm(rest, 'CMD');
        break;
      case 'HEALTHCHECK': {
        const at = rest.search(/(^|\s)CMD\s/);
        if (at < 0) throw new Error(`HEALTHCHECK without CMD: ${rest}`);
        const options = rest.slice(0, at).trim();
        stage.healthcheck = {
          options: options ? options.split(/\s+/) : [],
          cmd: execForm(
            rest
              .slice(at)
              .trim()
              .replace(/^CMD\s+/, ''),
            'HEALTHCHECK CMD',
          ),
        };
        break;
      }
      case 'EXPOSE':
        stage.expose.push(...rest.split(/\s+/));
        break;
      case 'STOPSIGNAL':
        stage.stopSignal = rest;
        break;
      case 'RUN': {
        const run: DockerRun = { kind: 'run', command: rest, workdir: stage.workdir };
        stage.steps.push(run);
        stage.runs.push(run);
        break;
      }
      case 'COPY': {
        const words = rest.split(/\s+/);
        let from: string | null = null;
        let chown: string | null = null;
        while (words[0]?.startsWith('--')) {
          const flag = /^--(from|chown)=(\S+)$/.exec(words.shift()!);
          if (!flag) throw new Error(`COPY flag not understood: ${rest}`);
          if (flag[1] === 'from') from = flag[2]!;
          else chown = flag[2]!;
        }
        if (words.length < 2) throw new Error(`COPY needs a source and a destination: ${rest}`);
        const copy: DockerCopy = {
          kind: 'copy',
          from,
          chown,
          sources: words.slice(0, -1),
          dest: words.at(-1)!,
          workdir: stage.workdir,
        };
        stage.steps.push(copy);
        stage.copies.push(copy);
        break;
      }
      default:
        throw new Error(`Dockerfile instruction not understood: ${keyword}`);
    }
  }
  return stages;
}

/** The stage named `name`; throws when there is none. */
export function stageNamed(stages: DockerStage[], name: string): DockerStage {
  const stage = stages.find((s) => s.name === name);
  if (!stage) throw new Error(`no stage named ${name} in the Dockerfile`);
  return stage;
}

/** Where a COPY puts each source (absolute in its stage), with Docker's folder rules. */
export function copyTargets(copy: DockerCopy): Array<{ source: string; target: string; into: boolean }> {
  const dest = resolveWorkdir(copy.workdir, copy.dest);
  // Several sources, or a dest written with a trailing `/`, name a folder to copy into.
  const into = copy.sources.length > 1 || copy.dest.endsWith('/') || copy.dest === '.';
  return copy.sources.map((source) => ({ source, target: dest, into }));
}
