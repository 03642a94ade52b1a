# shellcheck shell=bash
# Sourced by scripts/test: starts a throw-away PostgreSQL server for the store tests and
# points Backstage's TestDatabases at it. Installs Debian's postgresql package when the
# server is missing and we may (root with apt-get). On return STYRMIN_POSTGRES_URL is set,
# or unset when no server could be started (the caller decides whether that is fatal).
#
# The port: a server of ours (the one in $STYRMIN_PG_DIR) that is already running is reused
# on whatever port it has; otherwise 55432 when it is free, else the next free port after it,
# saying which server holds 55432. Another server is never reused: its data and its settings
# are not ours. STYRMIN_PG_PORT asks for one port, and a taken one is then an error.
source "$(dirname "${BASH_SOURCE[0]}")/ports.sh"
styrmin_pg_root="${STYRMIN_PG_DIR:-$styrmin_root/.data/postgres-test}"
styrmin_pg_default_port=55432
# Set when styrmin_pg_start started the server, which styrmin_pg_stop then stops; a server
# that was running before is left running.
styrmin_pg_started=""
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

# The port our server listens on, when it runs (the fourth line of postmaster.pid).
styrmin_pg_running_port() {
  sed -n 4p "$styrmin_pg_root/data/postmaster.pid" 2>/dev/null
}

# The port to start on: STYRMIN_PG_PORT if free, else 55432 or the next free one after it.
styrmin_pg_choose_port() {
  local port
  if [ -n "${STYRMIN_PG_PORT:-}" ]; then
    if styrmin_port_taken "$STYRMIN_PG_PORT"; then
      echo "postgres: port $STYRMIN_PG_PORT (STYRMIN_PG_PORT) is taken by $(styrmin_port_holder "$STYRMIN_PG_PORT"); free it, or unset STYRMIN_PG_PORT to use a free port" >&2
      return 1
    fi
    echo "$STYRMIN_PG_PORT"
    return 0
  fi
  port="$(styrmin_free_port "$styrmin_pg_default_port")" || {
    echo "postgres: no free port from $styrmin_pg_default_port on" >&2
    return 1
  }
  if [ "$port" != "$styrmin_pg_default_port" ]; then
    echo "postgres: port $styrmin_pg_default_port is taken by $(styrmin_port_holder "$styrmin_pg_default_port"), not ours: using port $port" >&2
  fi
  echo "$port"
}

styrmin_pg_start() {
  local bindir version port attempt
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
  if styrmin_pg_run "$bindir/pg_ctl" -D "$styrmin_pg_root/data" status >/dev/null 2>&1; then
    port="$(styrmin_pg_running_port)"
    echo "postgres: reusing our server (started earlier from $styrmin_pg_root)" >&2
  else
    # Another process may take the chosen port before the server binds it: choose again.
    for attempt in 1 2 3; do
      port="$(styrmin_pg_choose_port)" || return 1
      # fsync off: a test database that dies with the machine needs no durability.
      if styrmin_pg_run "$bindir/pg_ctl" -D "$styrmin_pg_root/data" -l "$styrmin_pg_root/server.log" -w \
        -o "-p $port -k $styrmin_pg_root -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
        start >/dev/null 2>&1; then
        styrmin_pg_started=1
        break
      fi
      if [ "$attempt" = 3 ] || [ -n "${STYRMIN_PG_PORT:-}" ] ||
        ! tail -10 "$styrmin_pg_root/server.log" | grep -q 'Address already in use'; then
        tail -20 "$styrmin_pg_root/server.log" >&2
        return 1
      fi
    done
  fi
  export STYRMIN_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port"
  export "BACKSTAGE_TEST_DATABASE_POSTGRES${version}_CONNECTION_STRING=$STYRMIN_POSTGRES_URL"
  echo "postgres: PostgreSQL $version on 127.0.0.1:$port" >&2
}

styrmin_pg_stop() {
  local bindir
  [ -n "$styrmin_pg_started" ] || return 0
  bindir="$(styrmin_pg_bindir)"
  [ -n "$bindir" ] && [ -f "$styrmin_pg_root/data/PG_VERSION" ] &&
    styrmin_pg_run "$bindir/pg_ctl" -D "$styrmin_pg_root/data" -m fast stop >/dev/null 2>&1
  styrmin_pg_started=""
  return 0
}
