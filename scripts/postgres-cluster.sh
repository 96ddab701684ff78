#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the Postgres suite's server run (.ci/run) and `npm run bench:postgres`.
#
#   scripts/postgres-cluster.sh start DIR   initdb in DIR (an empty directory, e.g. from mktemp -d), start a server
#                                           that listens only on a unix socket in DIR, print its connection string
#   scripts/postgres-cluster.sh stop DIR    stop that server and remove DIR
#
# The server binaries come from $PG_BIN, or the newest Debian `postgresql` package (/usr/lib/postgresql/N/bin).
# initdb refuses to run as root, so as root the cluster belongs to the `postgres` user (the package creates it).
# Nothing listens on TCP (listen_addresses is empty) and local connections are trusted: the socket's directory is
# the only way in, and it is DIR.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
action=$1
dir=$2

bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ "$action" = start ] && { [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; }; then
  echo "no PostgreSQL server binaries: install Debian's postgresql package or set PG_BIN" >&2
  exit 1
fi

# Runs a server binary as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case $action in
  start)
    [ -d "$dir" ] || usage
    [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
    as_owner "$bin/initdb" --pgdata="$dir/data" --username=postgres --auth=trust --encoding=UTF8 --no-locale \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait \
      --options="-c listen_addresses='' -c unix_socket_directories='$dir'" start >/dev/null ||
      { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@/postgres?host=$dir"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait stop >/dev/null
    fi
    rm -rf "$dir"
    ;;
  *) usage ;;
esac
