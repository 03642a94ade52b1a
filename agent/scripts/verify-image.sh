#!/usr/bin/env bash
# Replays agent/Dockerfile without Docker: every stage's commands, to the letter where the
# machine allows, in a temporary folder, then checks the final stage and runs the agent it
# holds against a real backend and kube-sandbox. What it cannot replay: the pull of the base
# image (node:24-bookworm-slim; Node 24 comes from scripts/toolchain.sh instead) and the helm
# stage's download from get.helm.sh (kube-sandbox's helm stands in for it). It takes minutes:
# it installs, type-checks and builds the whole repository once.
#
#   agent/scripts/verify-image.sh              # the build context of HEAD (a clean checkout)
#   agent/scripts/verify-image.sh --worktree   # this working tree, as `docker build .` here
#                                              # would send it, uncommitted changes included
#   agent/scripts/verify-image.sh --keep       # keep the stages' folders (printed) afterwards
#
# The build stage's Yarn uses this machine's package cache (Docker's would start empty); the
# final stage's starts empty as it does in the image, so `yarn cache clean --all` there
# cleans only its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/toolchain.sh
root=$PWD

from=head
keep=false
for arg in "$@"; do
  case "$arg" in
  --worktree) from=worktree ;;
  --keep) keep=true ;;
  *)
    echo "usage: $0 [--worktree] [--keep]" >&2
    exit 2
    ;;
  esac
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/styrmin-image.XXXXXX")"
cleanup() {
  if $keep; then
    echo "verify-image: the stages' folders are in $tmp"
  else
    echo "verify-image: removing $tmp (a minute: two installs)"
    rm -rf "$tmp"
  fi
}
trap cleanup EXIT

say() { echo "verify-image: $*"; }
fail() {
  echo "verify-image: FAILED: $*" >&2
  exit 1
}
figures=()
figure() { figures+=("$(printf '%-68s %s' "$1" "$2")"); }
# timed LABEL COMMAND...: runs a stage's command, its output in $tmp/logs, and keeps its
# duration; a failure prints the end of the output.
mkdir -p "$tmp/logs"
timed() {
  local label=$1 started
  shift
  last_log="$tmp/logs/${#figures[@]}.log"
  say "$label"
  started=$(date +%s)
  if ! "$@" >"$last_log" 2>&1; then
    tail -n 40 "$last_log" >&2
    fail "$label (its output: $last_log; --keep keeps it)"
  fi
  figure "$label" "$(($(date +%s) - started)) s"
}
megabytes() { du -sm "$1" | cut -f1; }

# --- The build context: what `docker build` sends, .dockerignore applied -------------------

# dockerignore_keep DIR: the files of DIR that the build context holds (NUL-separated, paths
# relative to DIR), by DIR/.dockerignore and Docker's rules for it: a pattern is cleaned and
# anchored at the root, `*` and `?` stay within a path segment, `**` spans segments, a path
# is excluded when it or one of its parents matches, the last matching pattern wins and `!`
# takes a path back.
dockerignore_keep() {
  node - "$1" <<'JS'
const fs = require('node:fs');
const path = require('node:path');
const root = process.argv[2];
const ignoreFile = path.join(root, '.dockerignore');
const lines = fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8').split('\n') : [];
function toRegExp(pattern) {
  if (/[[\]\\]/.test(pattern)) {
    throw new Error(`.dockerignore: character classes and escapes are not replayed: ${pattern}`);
  }
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') i++;
      source += i + 1 < pattern.length ? '(.*/)?' : '.*';
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
const rules = lines
  .map(line => line.trim())
  .filter(line => line && !line.startsWith('#'))
  .map(line => {
    const exception = line.startsWith('!');
    const pattern = path.posix
      .normalize(exception ? line.slice(1).trim() : line)
      .replace(/^(\.?\/)+/, '')
      .replace(/\/+$/, '');
    return { exception, pattern, regExp: toRegExp(pattern) };
  });
const hasExceptions = rules.some(rule => rule.exception);
function excluded(relative) {
  const parents = relative.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  let result = false;
  for (const rule of rules) {
    if (parents.some(p => rule.regExp.test(p))) result = !rule.exception;
  }
  return result;
}
const out = [];
(function walk(relative) {
  for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const isExcluded = excluded(child);
    // An excluded folder is skipped whole unless an exception may take something in it back.
    if (entry.isDirectory()) {
      if (!isExcluded || hasExceptions) walk(child);
    } else if (!isExcluded) {
      out.push(child);
    }
  }
})('');
process.stdout.write(out.map(p => `${p}\0`).join(''));
JS
}

# The build stage's /src: `COPY . .` of the context.
mkdir -p "$tmp/src"
if [ "$from" = head ]; then
  # A clean checkout of HEAD, which is what CI builds: committed files only, nothing of the
  # working tree (other work in progress, installs, local data) can make the replay pass.
  context="$tmp/checkout"
  mkdir -p "$context"
  git archive --format=tar HEAD | tar -x -C "$context"
  say "build context: HEAD ($(git rev-parse --short HEAD)), .dockerignore applied"
else
  # The working tree as it is, everything in it: the .dockerignore must keep out what a
  # checkout grows, as it must for `docker build` run here.
  context="$root"
  say "build context: the working tree $root, .dockerignore applied"
fi
dockerignore_keep "$context" >"$tmp/context-files"
tar -C "$context" --null -T "$tmp/context-files" -cf - | tar -C "$tmp/src" -xf -
context_files=$(tr -cd '\0' <"$tmp/context-files" | wc -c)
figure "build context" "$context_files files, $(megabytes "$tmp/src") MB"
for grown in node_modules .data .toolchain dist-types .yarn/cache .git; do
  [ ! -e "$tmp/src/$grown" ] || fail "the build context holds $grown: .dockerignore must exclude it"
done
if find "$tmp/src" -name node_modules -o -name dist -o -name e2e-test-report | grep -q .; then
  fail "the build context holds installs or builds of packages: $(find "$tmp/src" -name node_modules -o -name dist -o -name e2e-test-report | head -3)"
fi

# --- The stages' commands, from agent/Dockerfile -----------------------------------------

# dockerfile_runs STAGE: the commands of the RUN instructions of a stage of agent/Dockerfile
# (its AS name, or "final" for the last one), continuation lines joined and each && chain
# split into its commands, NUL-separated: what the replay runs, to the letter.
dockerfile_runs() {
  node - "$root/agent/Dockerfile" "$1" <<'JS'
const fs = require('node:fs');
const [file, wanted] = process.argv.slice(2);
const instructions = fs
  .readFileSync(file, 'utf8')
  .replace(/\\\n(\s*#.*\n)*/g, ' ')
  .split('\n')
  .filter(line => line.trim() && !line.trim().startsWith('#'));
const stages = [];
for (const line of instructions) {
  const [instruction, ...rest] = line.trim().split(/\s+/);
  if (instruction === 'FROM') {
    stages.push({ name: /\bAS\s+(\S+)/i.exec(line)?.[1], runs: [] });
  } else if (instruction === 'RUN') {
    stages[stages.length - 1].runs.push(rest.join(' '));
  }
}
const stage = wanted === 'final' ? stages[stages.length - 1] : stages.find(s => s.name === wanted);
if (!stage) throw new Error(`agent/Dockerfile has no stage ${wanted}`);
for (const run of stage.runs) {
  for (const command of run.split(/\s+&&\s+/)) process.stdout.write(`${command.trim()}\0`);
}
JS
}

# replay STAGE COMMAND: a stage's command, as Docker runs it (/bin/sh -c), timed; its
# /workspace is $workspace here.
replay() {
  local stage=$1 command=$2 label
  label="$(tr -s ' ' <<<"$command")"
  [ "${#label}" -le 60 ] || label="${label:0:57}..."
  timed "$stage: $label" sh -c "${command//\/workspace/$workspace}"
}

# --- Stage build (WORKDIR /src) --------------------------------------------------------------

cd "$tmp/src"
# Yarn's CI detection would make every install immutable; a docker build has no CI variable.
unset CI
workspace="$tmp/workspace"
mkdir -p "$workspace"
while IFS= read -r -d '' command; do
  replay build "$command"
done < <(dockerfile_runs build)
helm="$(node -r @backstage/cli/config/nodeTransform.cjs -e \
  "require('@styrmin/kube-sandbox').ensureTools().then(t => process.stdout.write(t.helm))")"

# --- Final stage (WORKDIR /app, ENV NODE_ENV=production) -------------------------------------

app="$tmp/app"
mkdir -p "$app/.yarn"
cp package.json yarn.lock .yarnrc.yml "$app/"
cp -R .yarn/releases "$app/.yarn/releases"
cp -R "$workspace/." "$app/"
cd "$app"
while IFS= read -r -d '' command; do
  if [[ "$command" != yarn\ * ]]; then
    say "final: not replayed, the image's own layout: $command"
    continue
  fi
  # A fresh HOME: the image's Yarn has no cache yet, and its clean must not touch this
  # machine's.
  HOME="$tmp/home" NODE_ENV=production replay final "$command"
done < <(dockerfile_runs final)

# The agent loads all its modules from dist without a devDependency: started with a
# configuration it refuses, it must end with its own error, not a missing module.
say "final: node agent/bin/styrmin-agent, with a configuration it refuses"
[ ! -e agent/src ] || fail "the final stage holds agent/src: the bin would run the TypeScript sources"
set +e
refused="$(env -i PATH="$PATH" NODE_ENV=production HOME="$tmp/home" STYRMIN_URL=not-a-url \
  node agent/bin/styrmin-agent 2>&1)"
refused_status=$?
set -e
if [ "$refused_status" -ne 2 ] || ! grep -q 'msg="Invalid configuration".*STYRMIN_URL must be' <<<"$refused"; then
  echo "$refused" >&2
  fail "the agent did not refuse its configuration (exit 2, \"Invalid configuration\"), exit $refused_status"
fi
# The action runner's child process is plain JavaScript loaded apart from the bundle.
node --check agent/runtime/actionChild.mjs || fail "agent/runtime/actionChild.mjs does not parse"

# What the image's /app weighs, and that no development package came along: a package that is
# only ever a devDependency (of the root or of a workspace in the image) must be absent, at
# any depth.
packages=$(find node_modules -name package.json | grep -cE '(^|/)node_modules/(@[^/]+/)?[^/@]+/package\.json$')
figure "final stage /app" "$(megabytes "$app") MB, $packages packages"
figure "final stage node_modules" "$(megabytes "$app/node_modules") MB"
dev_only="$(node -e '
  const fs = require("node:fs");
  const manifests = ["package.json", ...fs.readdirSync(".", { recursive: true })
    .filter(f => /(^|\/)package\.json$/.test(f) && !f.includes("node_modules"))];
  const dev = new Set(), prod = new Set();
  for (const f of manifests) {
    const m = JSON.parse(fs.readFileSync(f, "utf8"));
    Object.keys(m.devDependencies ?? {}).forEach(d => dev.add(d));
    Object.keys({ ...m.dependencies, ...m.peerDependencies }).forEach(d => prod.add(d));
  }
  process.stdout.write([...dev].filter(d => !prod.has(d)).join("\n"));
')"
present=()
while read -r dep; do
  if find node_modules -path "*node_modules/$dep/package.json" | grep -q .; then
    present+=("$dep")
  fi
done <<<"$dev_only"
[ "${#present[@]}" -eq 0 ] || fail "devDependencies in the final stage: ${present[*]}"
say "final: none of the $(wc -l <<<"$dev_only") devDependencies is in node_modules (jest, @backstage/cli, ...)"
if [ -e node_modules/typescript ]; then
  say "final: typescript is there as a dependency of @styrmin/plugin-styrmin-node (it reads action modules)"
fi

# --- The final stage's agent against a real backend and kube-sandbox --------------------------

# One deployment of the infrahub 1.0.0 example driver, from creation to RUNNING with its pods,
# reconciled by the agent of the final stage (cwd /app, NODE_ENV=production, the environment
# the chart gives it) with kube-sandbox's helm as HELM_BINARY. The backend and the sandbox run
# from the build stage's checkout, which has the development packages they need. The agent's
# root folder and HOME must stay as they were: the chart mounts the root file system
# read-only, and only the cache and /tmp are writable.
mkdir -p "$tmp/home-read-only" "$tmp/agent-tmp"
touch "$tmp/before-agent"
cat >"$tmp/src/agent/verify-image-run.ts" <<'TS'
import { startSandbox } from '@styrmin/kube-sandbox';
import { packDriverBundle, readDriverDirectory } from '@styrmin/plugin-styrmin-node';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import knexFactory from 'knex';
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { startE2eBackend } from './src/__testUtils__/e2e';
import { EXAMPLE_DRIVERS } from './src/__testUtils__/exampleBundles';

const [app, helm, cache, home, agentTmp] = process.argv.slice(2);

function freePort(): Promise<number> {
  return new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function main() {
  const knex = knexFactory({ client: 'better-sqlite3', connection: ':memory:', useNullAsDefault: true });
  const backend = await startE2eBackend({ knex });
  const sandbox = await startSandbox({ velero: false });
  let agent: ReturnType<typeof spawn> | undefined;
  try {
    const { api, client } = { api: sandbox.api, client: backend.client };
    const crd = parseYaml(readFileSync(path.resolve(__dirname, 'crds/styrmindeployment.yaml'), 'utf8'));
    api.create(api.scope(crd.apiVersion, crd.kind), crd);
    api.create(api.scope('v1', 'Namespace'), { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'styrmin-system' } });
    const directory = path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0');
    const read = await readDriverDirectory(directory);
    if (!read.success) throw new Error(`${directory} does not read`);
    await client.loadDriver({ source: 'UPLOAD', archive: packDriverBundle(read.bundle.files).toString('base64'), path: directory });
    const { cluster, agentToken } = await client.registerCluster({ name: 'image', settings: {} });
    const chartPort = await freePort();
    agent = spawn(process.execPath, ['agent/bin/styrmin-agent'], {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        TMPDIR: agentTmp,
        NODE_ENV: 'production',
        STYRMIN_URL: backend.url,
        STYRMIN_AGENT_TOKEN: agentToken,
        KUBECONFIG: sandbox.kubeconfigPath,
        STYRMIN_AGENT_OWNER: 'styrmin-agent-0',
        STYRMIN_AGENT_CHART_PORT: String(chartPort),
        STYRMIN_AGENT_CHARTS_URL: `http://127.0.0.1:${chartPort}/charts`,
        STYRMIN_AGENT_CACHE_DIR: cache,
        HELM_BINARY: helm,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const environment = await client.createEnvironment({ name: 'image', cluster: cluster.id });
    const { deployment } = await client.createDeployment({
      environment: environment.id,
      name: 'infrahub',
      driver: 'infrahub',
      driverVersion: '1.0.0',
      configuration: { app_version: '1.5.2', parameters: { admin_password: 'correct horse battery staple' } },
    });
    const started = Date.now();
    for (;;) {
      const state = (await client.deployment({ id: deployment.id }))?.state;
      if (state === 'RUNNING') break;
      if (state === 'FAILED' || Date.now() - started > 300_000) throw new Error(`the deployment is ${state}`);
      if (agent.exitCode !== null) throw new Error(`the agent ended (exit ${agent.exitCode})`);
      await new Promise(resolve => setTimeout(resolve, 1000));
    }
    const pods = api.list(api.scope('v1', 'Pod', `styrmin-${deployment.id}`)).items;
    console.log(`RUNNING after ${((Date.now() - started) / 1000).toFixed(1)} s, ${pods.length} pods in styrmin-${deployment.id}`);
    if (pods.length === 0) throw new Error('no pods');
  } finally {
    agent?.kill('SIGTERM');
    await new Promise(resolve => (agent && agent.exitCode === null ? agent.once('exit', resolve) : resolve(undefined)));
    await sandbox.stop();
    await backend.stop();
    await knex.destroy();
  }
}

main().then(
  () => process.exit(0),
  error => {
    console.error(error);
    process.exit(1);
  },
);
TS
# The build stage installed no native modules; the backend needs better-sqlite3.
cd "$tmp/src"
timed "harness: yarn rebuild better-sqlite3 (the backend's)" yarn rebuild better-sqlite3
run_deployment() {
  (cd "$tmp/src/agent" && node -r @backstage/cli/config/nodeTransform.cjs verify-image-run.ts \
    "$app" "$helm" "$tmp/agent-cache" "$tmp/home-read-only" "$tmp/agent-tmp")
}
timed "final: the agent deploys infrahub on kube-sandbox" run_deployment
say "final: $(grep '^RUNNING after' "$last_log")"
written="$(find "$app" "$tmp/home-read-only" -newer "$tmp/before-agent" | head -5)"
[ -z "$written" ] || fail "the agent wrote outside its cache and /tmp (a read-only root file system refuses it): $written"
say "final: the agent wrote nothing in /app or HOME"

# --- The chart, with the helm kube-sandbox ships ----------------------------------------------

cd "$root"
timed "chart: helm lint --strict agent/chart" \
  "$helm" lint --strict agent/chart --set server.url=https://portal.example.com
timed "chart: helm template agent/chart" "$helm" template styrmin-agent agent/chart \
  -n styrmin-system --set server.url=https://portal.example.com --output-dir "$tmp/chart"
cat "$tmp"/chart/styrmin-agent/templates/*.yaml >"$tmp/chart.yaml"
cache_dir="$(sed -n 's/^ENV STYRMIN_AGENT_CACHE_DIR=\([^ ]*\).*/\1/p' agent/Dockerfile)"
node - "$tmp/chart.yaml" "$cache_dir" <<'JS' || fail "the chart's Deployment does not run the image as the Dockerfile expects"
const { parseAllDocuments } = require(require.resolve('yaml', { paths: [process.cwd() + '/agent'] }));
const fs = require('node:fs');
const [file, cacheDir] = process.argv.slice(2);
const deployment = parseAllDocuments(fs.readFileSync(file, 'utf8'))
  .map(d => d.toJS())
  .find(d => d?.kind === 'Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const problems = [];
if (pod.securityContext?.runAsNonRoot !== true) problems.push('runAsNonRoot is not true');
// The image's user is node (uid 1000 in the node images).
if (pod.securityContext?.runAsUser !== 1000) problems.push('runAsUser is not 1000 (node)');
if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push('the root file system is not read-only');
if (container.securityContext?.allowPrivilegeEscalation !== false) problems.push('privilege escalation is allowed');
const mounted = new Set(container.volumeMounts.map(m => m.mountPath));
for (const dir of [cacheDir, '/tmp']) {
  if (!mounted.has(dir)) problems.push(`${dir} is not mounted`);
}
const env = Object.fromEntries(container.env.map(e => [e.name, e.value]));
if (env.STYRMIN_AGENT_CACHE_DIR !== cacheDir) problems.push(`STYRMIN_AGENT_CACHE_DIR is not ${cacheDir}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
JS
say "chart: helm template: non-root (uid 1000), read-only root, $cache_dir and /tmp mounted"

echo
echo "verify-image: every stage replayed ($from)"
printf '  %s\n' "${figures[@]}"
