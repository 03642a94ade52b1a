#!/usr/bin/env node
/*
 * How fast styrminctl answers, timed from outside as a user waits for it: the whole
 * process, its start-up included. Runs `--help` and `deployments list` through
 * scripts/styrminctl (compiled) and, for comparison, through bin/styrminctl (the
 * TypeScript sources through a transform), each RUNS times after one warm-up run, and
 * prints the median, min and max next to the goal of 300 ms.
 *
 *   node packages/styrminctl/scripts/benchmark.js [--runs N]
 *
 * `deployments list` asks the server that styrminctl is configured for (STYRMIN_CONFIG,
 * STYRMIN_URL and STYRMIN_TOKEN, or the config file), for example the portal of
 * ./scripts/start: STYRMIN_CONFIG=.data/styrminctl.yaml. Without one it is reported as
 * not measured. Figures only: the exit status is 0 unless a command cannot run at all.
 */
const { spawnSync } = require('node:child_process');
const { resolve } = require('node:path');

const GOAL_MS = 300;
const repoRoot = resolve(__dirname, '../../..');
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag === -1 ? 7 : Number(process.argv[runsFlag + 1]);

const launchers = {
  compiled: [resolve(repoRoot, 'scripts/styrminctl')],
  sources: [
    process.execPath,
    resolve(repoRoot, 'packages/styrminctl/bin/styrminctl'),
  ],
};
const commands = [['--help'], ['deployments', 'list']];

/** Wall milliseconds of one run, or the reason it failed. */
function timeOnce([program, ...args]) {
  const start = process.hrtime.bigint();
  const result = spawnSync(program, args, { cwd: repoRoot, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.error) {
    throw result.error;
  }
  return result.status === 0
    ? { ms }
    : { failed: (result.stderr || `exit ${result.status}`).split('\n')[0] };
}

function measure(argv) {
  timeOnce(argv); // warm-up: a stale bundle is rebuilt here, not timed
  const times = [];
  for (let run = 0; run < runs; run++) {
    const { ms, failed } = timeOnce(argv);
    if (failed) {
      return { failed };
    }
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)],
    min: times[0],
    max: times[times.length - 1],
  };
}

const row = cells =>
  cells.map((cell, i) => String(cell).padEnd(i < 2 ? 22 : 10)).join('');
console.log(
  `styrminctl start-up, ${runs} runs each after a warm-up, wall ms (goal: ${GOAL_MS} ms)`,
);
console.log(row(['command', 'launcher', 'median', 'min', 'max', 'goal']));
for (const command of commands) {
  for (const [launcher, argv] of Object.entries(launchers)) {
    const result = measure([...argv, ...command]);
    const name = command.join(' ');
    if (result.failed) {
      console.log(row([name, launcher, `not measured: ${result.failed}`]));
      continue;
    }
    const { median, min, max } = result;
    console.log(
      row([
        name,
        launcher,
        median.toFixed(0),
        min.toFixed(0),
        max.toFixed(0),
        median <= GOAL_MS ? 'met' : `over ${GOAL_MS}`,
      ]),
    );
  }
}
