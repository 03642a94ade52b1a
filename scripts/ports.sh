# shellcheck shell=bash
# Sourced by scripts/start and scripts/postgres.sh: whether a TCP port is taken (something
# listens on it, on any address), by which process, and the first free port from one on.

# styrmin_port_taken PORT
styrmin_port_taken() {
  if command -v ss >/dev/null 2>&1; then
    [ -n "$(ss -Hltn "sport = :$1" 2>/dev/null)" ]
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
  fi
}

# styrmin_port_holder PORT: `postgres (pid 8725)`, or `another process` when ss cannot say
# (a process of another user).
styrmin_port_holder() {
  local holder
  holder="$(ss -Hltnp "sport = :$1" 2>/dev/null |
    sed -nE 's/.*users:\(\("([^"]+)",pid=([0-9]+).*/\1 (pid \2)/p' | head -n 1)"
  echo "${holder:-another process}"
}

# styrmin_free_port FROM: the first port from FROM on (within 100) that nothing listens on.
styrmin_free_port() {
  local port
  for ((port = $1; port < $1 + 100; port++)); do
    if ! styrmin_port_taken "$port"; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

# styrmin_require_free_ports NAME=PORT...: fails, naming each, when any of them is taken.
styrmin_require_free_ports() {
  local entry name port taken=0
  for entry in "$@"; do
    name="${entry%=*}"
    port="${entry##*=}"
    if styrmin_port_taken "$port"; then
      echo "Styrmin: port $port ($name) is taken by $(styrmin_port_holder "$port"); stop it first" >&2
      taken=1
    fi
  done
  return "$taken"
}
