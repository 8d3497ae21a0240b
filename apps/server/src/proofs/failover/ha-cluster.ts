/**
 * A highly available PostgreSQL and Redis on loopback, made of the engines an operator would run
 * (docs/decisions/040-failover.md): etcd as the consensus store, two Patroni nodes each managing a
 * PostgreSQL 15 (synchronous replication, `synchronous_mode: true`), HAProxy routing the
 * read-write port to whichever node Patroni's REST API calls primary and the read-only port to
 * healthy replicas, and Redis with a replica watched by three Sentinels.
 *
 * Every process is a child of the test, on its own free ports, in one scratch directory; `stop()`
 * ends them all. Patroni refuses to run PostgreSQL as root, so as root its nodes run as the
 * `postgres` user (Debian's PostgreSQL packages create it).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/processes.ts';

/** The Debian binaries the cluster runs (installed by `npm run proof:failover` as root). */
export const HA_BINARIES = {
  etcd: '/usr/bin/etcd',
  patroni: '/usr/bin/patroni',
  haproxy: '/usr/sbin/haproxy',
  redisServer: '/usr/bin/redis-server',
  redisSentinel: '/usr/bin/redis-sentinel',
  postgres: '/usr/lib/postgresql/15/bin/postgres',
} as const;

/** Seconds a Patroni leader key lives without renewal: the failover time is about this. */
const PATRONI_TTL_S = 10;
/** Milliseconds without an answer before Sentinels call the Redis master down. */
const SENTINEL_DOWN_AFTER_MS = 2_000;
const SENTINEL_MASTER = 'money';

interface Child {
  name: string;
  child: ChildProcess;
  log: string;
}

export interface PatroniNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  config: string;
}

export interface HaCluster {
  dir: string;
  /** Connection string through HAProxy's read-write port (the primary, wherever it is). */
  url(database: string): string;
  /** Connection string through HAProxy's read-only port (a replica in sync). */
  readUrl(database: string): string;
  /** `host:port,…` of the Sentinels and the name they watch. */
  sentinels: string;
  sentinelMaster: string;
  nodes: PatroniNode[];
  /** The Patroni leader's node, once there is one (polls the REST API). */
  waitForLeader(options?: { not?: string; timeoutMs?: number }): Promise<PatroniNode>;
  /** The whole primary host dies: its Patroni and every PostgreSQL process, SIGKILL. */
  killPrimaryHost(): Promise<PatroniNode>;
  /** A dead node's host comes back: Patroni rewinds it and it follows the new leader. */
  restartNode(node: PatroniNode): Promise<void>;
  /** The Redis master as the Sentinels see it. */
  redisMaster(): Promise<{ host: string; port: number }>;
  /**
   * The Redis master dies (SIGKILL), at `killedAt` (performance.now()); `promoted` resolves once
   * the Sentinels name another and it answers as master.
   */
  killRedisMaster(timeoutMs?: number): Promise<{
    before: number;
    killedAt: number;
    promoted: Promise<{ after: number; seconds: number }>;
  }>;
  /** Every child process's output, for a failure's report. */
  logs(): string;
  stop(): Promise<void>;
}

/** Whether this machine has everything the cluster needs. */
export function haBinariesPresent(): boolean {
  return Object.values(HA_BINARIES).every((file) => existsSync(file));
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => null);
    if (value !== null) return value;
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function patroniConfig(o: { scope: string; node: PatroniNode; etcdPort: number; socketDir: string }): string {
  // Patroni's YAML; keys as in its documentation (docs/yaml_configuration.rst).
  return `scope: ${o.scope}
name: ${o.node.name}
log:
  level: WARNING
restapi:
  listen: 127.0.0.1:${o.node.restPort}
  connect_address: 127.0.0.1:${o.node.restPort}
etcd3:
  hosts: 127.0.0.1:${o.etcdPort}
bootstrap:
  dcs:
    ttl: ${PATRONI_TTL_S}
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        max_wal_senders: 10
        max_replication_slots: 10
        wal_log_hints: "on"
        max_connections: 200
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - auth: trust
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${o.node.pgPort}
  connect_address: 127.0.0.1:${o.node.pgPort}
  data_dir: ${o.node.dataDir}
  bin_dir: ${path.dirname(HA_BINARIES.postgres)}
  pgpass: ${o.socketDir}/pgpass-${o.node.name}
  authentication:
    replication:
      username: postgres
    superuser:
      username: postgres
  parameters:
    unix_socket_directories: ${o.socketDir}
`;
}

function haproxyConfig(o: { rw: number; ro: number; nodes: PatroniNode[] }): string {
  // The health checks Patroni documents for HAProxy (docs/rest_api.rst: GET /primary answers
  // 200 only on the leader, GET /replica only on a running replica): a dead or demoted node is
  // out within a second and its sessions are cut, so clients reconnect to the new primary.
  const servers = o.nodes
    .map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`)
    .join('\n');
  const common = `  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions\n${servers}`;
  return `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen rw
  bind 127.0.0.1:${o.rw}
  option httpchk GET /primary
  http-check expect status 200
${common}
listen ro
  bind 127.0.0.1:${o.ro}
  balance roundrobin
  option httpchk GET /replica
  http-check expect status 200
${common}
`;
}

export async function startHaCluster(): Promise<HaCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ha-'));
  const owner = postgresUser();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const children: Child[] = [];
  const run = (name: string, file: string, args: string[], asPostgres = false): Child => {
    const child = spawn(file, args, {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asPostgres && owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' },
    });
    const entry: Child = { name, child, log: '' };
    const keep = (d: Buffer) => {
      entry.log = (entry.log + d.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.push(entry);
    return entry;
  };

  // etcd: one member is enough for a test (production runs three, see the decision).
  const etcdPort = await freePort();
  const etcdPeer = await freePort();
  run('etcd', HA_BINARIES.etcd, [
    '--name=e1',
    `--data-dir=${dir}/etcd`,
    `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
    `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
    `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
    `--initial-cluster=e1=http://127.0.0.1:${etcdPeer}`,
    '--initial-cluster-state=new',
    '--log-level=error',
  ]);
  await until(
    'etcd',
    async () => ((await fetch(`http://127.0.0.1:${etcdPort}/health`)).ok ? true : null),
    20_000,
  );

  const nodes: PatroniNode[] = [];
  for (const name of ['pg1', 'pg2']) {
    const node: PatroniNode = {
      name,
      pgPort: await freePort(),
      restPort: await freePort(),
      dataDir: path.join(dir, name),
      config: path.join(dir, `${name}.yml`),
    };
    writeFileSync(
      node.config,
      patroniConfig({ scope: `money-${path.basename(dir)}`, node, etcdPort, socketDir: dir }),
    );
    if (owner) chownSync(node.config, owner.uid, owner.gid);
    nodes.push(node);
  }
  const patronis = new Map<string, Child>();
  const startNode = (node: PatroniNode) =>
    patronis.set(node.name, run(`patroni ${node.name}`, HA_BINARIES.patroni, [node.config], true));
  const role = async (node: PatroniNode): Promise<string | null> => {
    const res = await fetch(`http://127.0.0.1:${node.restPort}/patroni`);
    return ((await res.json()) as { role?: string }).role ?? null;
  };
  // The first node bootstraps the cluster; the second then clones it and becomes the sync standby.
  startNode(nodes[0]!);
  await until(
    'the first Patroni node to lead',
    async () => ((await role(nodes[0]!)) === 'master' || (await role(nodes[0]!)) === 'primary' ? true : null),
    120_000,
  );
  startNode(nodes[1]!);
  await until(
    'a synchronous standby',
    async () => {
      const res = await fetch(`http://127.0.0.1:${nodes[0]!.restPort}/cluster`);
      const cluster = (await res.json()) as { members: Array<{ name: string; role: string; state: string }> };
      return cluster.members.some(
        (m) =>
          (m.role === 'sync_standby' && m.state === 'streaming') ||
          (m.role === 'sync_standby' && m.state === 'running'),
      )
        ? true
        : null;
    },
    120_000,
  );

  const rw = await freePort();
  const ro = await freePort();
  writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig({ rw, ro, nodes }));
  run('haproxy', HA_BINARIES.haproxy, ['-db', '-f', path.join(dir, 'haproxy.cfg')]);

  // Redis: a master, a replica, three Sentinels (quorum two).
  const redisPorts = [await freePort(), await freePort()];
  const redisArgs = (port: number) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  const redises = new Map<number, Child>();
  redises.set(redisPorts[0]!, run('redis master', HA_BINARIES.redisServer, redisArgs(redisPorts[0]!)));
  redises.set(
    redisPorts[1]!,
    run('redis replica', HA_BINARIES.redisServer, [
      ...redisArgs(redisPorts[1]!),
      '--replicaof',
      '127.0.0.1',
      String(redisPorts[0]!),
    ]),
  );
  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  for (const port of sentinelPorts) {
    const file = path.join(dir, `sentinel-${port}.conf`);
    writeFileSync(
      file,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${redisPorts[0]} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER} ${SENTINEL_DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${SENTINEL_MASTER} 10000`,
        `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
        '',
      ].join('\n'),
    );
    run(`sentinel ${port}`, HA_BINARIES.redisSentinel, [file]);
  }

  const redisCli = (port: number, ...args: string[]) =>
    execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], {
      timeout: 2_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  const redisMaster = async () => {
    for (const port of sentinelPorts) {
      try {
        const [host, p] = redisCli(port, 'SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER).split('\n');
        if (host && p) return { host, port: Number(p) };
      } catch {
        // this Sentinel is not answering: ask the next
      }
    }
    throw new Error('no Sentinel names a Redis master');
  };
  // Ready when the replica is in sync and every Sentinel knows the other two and the replica.
  await until(
    'the Redis replica and Sentinels',
    async () => {
      if (!redisCli(redisPorts[1]!, 'INFO', 'replication').includes('master_link_status:up')) return null;
      for (const port of sentinelPorts) {
        const info = redisCli(port, 'INFO', 'sentinel');
        if (!/sentinels=3/.test(info) || !/slaves=1/.test(info)) return null;
      }
      return true;
    },
    60_000,
  );

  const leaderOf = async (): Promise<PatroniNode | null> => {
    for (const node of nodes) {
      const res = await fetch(`http://127.0.0.1:${node.restPort}/primary`).catch(() => null);
      if (res?.status === 200) return node;
    }
    return null;
  };
  const waitForLeader: HaCluster['waitForLeader'] = (options = {}) =>
    until(
      'a Patroni leader',
      async () => {
        const leader = await leaderOf();
        return leader && leader.name !== options.not ? leader : null;
      },
      options.timeoutMs ?? 60_000,
    );
  await waitForLeader();

  const sigkill = (pid: number) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };

  return {
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${rw}/${database}`,
    readUrl: (database) => `postgres://postgres@127.0.0.1:${ro}/${database}`,
    sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
    sentinelMaster: SENTINEL_MASTER,
    nodes,
    waitForLeader,
    killPrimaryHost: async () => {
      const leader = await waitForLeader();
      const postmaster = Number(
        readFileSync(path.join(leader.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const patroni = patronis.get(leader.name)!.child;
      // The host's power goes: its manager and its database die at once, nothing flushed or said.
      sigkill(patroni.pid!);
      try {
        execFileSync('pkill', ['-KILL', '-P', String(postmaster)]);
      } catch {
        // no children left
      }
      sigkill(postmaster);
      return leader;
    },
    restartNode: async (node) => {
      startNode(node);
      await until(
        `${node.name} back as a replica`,
        async () => ((await role(node)) === 'replica' ? true : null),
        120_000,
      );
    },
    redisMaster,
    killRedisMaster: async (timeoutMs = 60_000) => {
      const before = (await redisMaster()).port;
      redises.get(before)!.child.kill('SIGKILL');
      const killedAt = performance.now();
      const promoted = until(
        'the Sentinels to promote the Redis replica',
        async () => {
          const now = (await redisMaster()).port;
          if (now === before) return null;
          return redisCli(now, 'INFO', 'replication').includes('role:master') ? now : null;
        },
        timeoutMs,
      ).then((after) => ({ after, seconds: Math.round((performance.now() - killedAt) / 100) / 10 }));
      return { before, killedAt, promoted };
    },
    logs: () => children.map((c) => `--- ${c.name}\n${c.log}`).join('\n'),
    stop: async () => {
      const exits = children
        .filter((c) => c.child.exitCode === null && c.child.signalCode === null)
        .map(
          (c) =>
            new Promise<void>((resolve) => {
              c.child.once('exit', () => resolve());
              c.child.kill('SIGKILL');
            }),
        );
      await Promise.all(exits);
      // PostgreSQL children Patroni started outlive it: end them by their data directories.
      for (const node of nodes) {
        try {
          const pid = Number(readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
          try {
            execFileSync('pkill', ['-KILL', '-P', String(pid)]);
          } catch {
            // none
          }
          sigkill(pid);
        } catch {
          // never started or already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
