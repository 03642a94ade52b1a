# shellcheck shell=bash
# Sourced by scripts/start, scripts/e2e and scripts/check-quickstart: the key with which
# the embedded default's backend seals secret values in its database (styrmin.secrets.keys,
# docs/secrets-at-rest.md).

# styrmin_secrets_key DIR: writes, in DIR, readable only by the user:
#   secrets-key               32 random bytes as base64; made once, then kept, so that a
#                             restart opens what the backend sealed before
#   app-config.secrets.yaml   the backend config with that key as styrmin.secrets.keys;
#                             pass it to `yarn start` with --config
styrmin_secrets_key() {
  local dir=$1 key
  mkdir -p "$dir"
  if [ ! -s "$dir/secrets-key" ]; then
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64'))" >"$dir/secrets-key")
  fi
  key="$(cat "$dir/secrets-key")"
  (
    umask 077
    cat >"$dir/app-config.secrets.yaml" <<YAML
styrmin:
  secrets:
    keys:
      - id: local
        secret: $key
YAML
  )
}
