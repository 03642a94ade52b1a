# shellcheck shell=bash
# Sourced by scripts/start and scripts/e2e: the static Backstage external-access token with
# which styrminctl on this machine calls the Styrmin API, and nothing else.

# styrmin_styrminctl_access DIR SUBJECT: writes, in DIR, readable only by the user:
#   styrminctl-token            the token; made once, then kept, so a restart keeps it
#   styrminctl.yaml             styrminctl's config file: the backend's URL and the token
#   app-config.styrminctl.yaml  the backend config that accepts the token as SUBJECT, for the
#                               Styrmin plugin only; pass it to `yarn start` with --config
styrmin_styrminctl_access() {
  local dir=$1 subject=$2 token
  mkdir -p "$dir"
  if [ ! -s "$dir/styrminctl-token" ]; then
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64url'))" >"$dir/styrminctl-token")
  fi
  token="$(cat "$dir/styrminctl-token")"
  (
    umask 077
    printf 'url: http://localhost:7007\ntoken: %s\n' "$token" >"$dir/styrminctl.yaml"
    cat >"$dir/app-config.styrminctl.yaml" <<YAML
backend:
  auth:
    externalAccess:
      - type: static
        options:
          token: $token
          subject: $subject
        accessRestrictions:
          - plugin: styrmin
YAML
  )
}
