#!/usr/bin/env bash
# npm run proof:failover — the failover proof (apps/server/src/proofs/failover.proof.ts) on a
# Patroni + etcd + HAProxy PostgreSQL pair and Redis with Sentinel, all from Debian's packages:
# installed here first when run as root and missing (as the bench installs pgbench).
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A binary_of=(
  [patroni]=/usr/bin/patroni
  [etcd-server]=/usr/bin/etcd
  [haproxy]=/usr/sbin/haproxy
  [redis-sentinel]=/usr/bin/redis-sentinel
  [redis-tools]=/usr/bin/redis-cli
  [postgresql-15]=/usr/lib/postgresql/15/bin/postgres
)
missing=()
for package in "${!binary_of[@]}"; do
  [ -x "${binary_of[$package]}" ] || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "proof:failover needs ${missing[*]} (Debian packages); run as root to install them" >&2
    exit 1
  fi
  echo "== apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The packages' services are not started: the proof runs its own processes on free ports.
  RUNLEVEL=1 apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
PROOF_FAILOVER=1 exec npx vitest run --project proofs failover "$@"
