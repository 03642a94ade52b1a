# shellcheck shell=bash
# Sourced by scripts/start and scripts/embedded-cluster: how the portal's Kubernetes plugin
# reaches the embedded sandbox cluster. The backend reads its config once, at start, before
# the sandbox runs (scripts/embedded-cluster waits for the backend), so nothing in it may
# come from the sandbox's kubeconfig: the sandbox listens on a fixed port with a token made
# here, and its CA (a new certificate at each start) is a file the plugin reads when it
# first calls the cluster.

# The sandbox's port: next to the backend (7007) and the agent's chart server (7008).
STYRMIN_SANDBOX_PORT="${STYRMIN_SANDBOX_PORT:-7009}"

# styrmin_sandbox_access DIR: writes, in DIR, readable only by the user:
#   sandbox-token                the sandbox's bearer token; made once, then kept
#   app-config.kubernetes.yaml   the Kubernetes plugin's config for the cluster "sandbox";
#                                pass it to `yarn start` with --config
# scripts/embedded-cluster writes the sandbox's CA to DIR/sandbox/ca.crt at each start.
styrmin_sandbox_access() {
  local dir=$1 token
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  if [ ! -s "$dir/sandbox-token" ]; then
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64url'))" >"$dir/sandbox-token")
  fi
  token="$(cat "$dir/sandbox-token")"
  (
    umask 077
    cat >"$dir/app-config.kubernetes.yaml" <<YAML
kubernetes:
  serviceLocatorMethod:
    type: multiTenant
  clusterLocatorMethods:
    - type: config
      clusters:
        - name: sandbox
          title: kube-sandbox (embedded)
          url: https://127.0.0.1:$STYRMIN_SANDBOX_PORT
          authProvider: serviceAccount
          serviceAccountToken: $token
          caFile: $dir/sandbox/ca.crt
          # kube-sandbox serves no metrics API.
          skipMetricsLookup: true
YAML
  )
}
