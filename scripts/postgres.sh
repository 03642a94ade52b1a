# shellcheck shell=bash
# Sourced by scripts/test: starts a throw-away PostgreSQL server for the store tests and
# points Backstage's TestDatabases at it. Installs Debian's postgresql package when the
# server is missing and we may (root with apt-get). On return STYRMIN_POSTGRES_URL is set,
# or unset when no server could be started (the caller decides whether that is fatal).
styrmin_pg_root="${STYRMIN_PG_DIR:-$styrmin_root/.data/postgres-test}"
styrmin_pg_port="${STYRMIN_PG_PORT:-55432}"
unset STYRMIN_POSTGRES_URL

styrmin_pg_bindir() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
  done
  command -v pg_ctl >/dev/null 2>&1 && dirname "$(command -v pg_ctl)"
}

styrmin_pg_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
  echo "postgres: installing Debian's postgresql package" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >&2
}

# PostgreSQL refuses to run as root; as root, run its tools as the postgres user.
styrmin_pg_run() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

styrmin_pg_start() {
  local bindir version
  bindir="$(styrmin_pg_bindir)"
  if [ -z "$bindir" ]; then
    styrmin_pg_install || return 1
    bindir="$(styrmin_pg_bindir)"
  fi
  [ -n "$bindir" ] || return 1
  version="$("$bindir/pg_ctl" --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')"
  mkdir -p "$styrmin_pg_root"
  [ "$(id -u)" = 0 ] && chown postgres "$styrmin_pg_root"
  if [ ! -f "$styrmin_pg_root/data/PG_VERSION" ]; then
    styrmin_pg_run "$bindir/initdb" -D "$styrmin_pg_root/data" -U postgres --auth=trust \
      --no-sync -E UTF8 >"$styrmin_pg_root/initdb.log" 2>&1 ||
      { cat "$styrmin_pg_root/initdb.log" >&2; return 1; }
  fi
  if ! styrmin_pg_run "$bindir/pg_ctl" -D "$styrmin_pg_root/data" status >/dev/null 2>&1; then
    # fsync off: a test database that dies with the machine needs no durability.
    styrmin_pg_run "$bindir/pg_ctl" -D "$styrmin_pg_root/data" -l "$styrmin_pg_root/server.log" -w \
      -o "-p $styrmin_pg_port -k $styrmin_pg_root -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null || { tail -20 "$styrmin_pg_root/server.log" >&2; return 1; }
  fi
  export STYRMIN_POSTGRES_URL="postgresql://postgres@127.0.0.1:$styrmin_pg_port"
  export "BACKSTAGE_TEST_DATABASE_POSTGRES${version}_CONNECTION_STRING=$STYRMIN_POSTGRES_URL"
  echo "postgres: PostgreSQL $version on 127.0.0.1:$styrmin_pg_port" >&2
}

styrmin_pg_stop() {
  local bindir
  bindir="$(styrmin_pg_bindir)"
  [ -n "$bindir" ] && [ -f "$styrmin_pg_root/data/PG_VERSION" ] &&
    styrmin_pg_run "$bindir/pg_ctl" -D "$styrmin_pg_root/data" -m fast stop >/dev/null 2>&1
  return 0
}
