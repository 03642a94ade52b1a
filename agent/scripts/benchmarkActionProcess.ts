/*
 * Prints what a driver action's process costs before the action does anything (a script
 * that measures and prints, never a test): the agent forks `runtime/actionChild.mjs` per
 * action run (ActionRunner), for its isolation and limits. Each of 15 runs forks it as
 * ActionRunner does, waits until its IPC channel takes a message, lets it go and waits for
 * its exit; printed: the time from fork to exit and the peak resident memory (sampled
 * every 5 ms), median and range.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs agent/scripts/benchmarkActionProcess.ts
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ACTION_CHILD = path.resolve(__dirname, '../runtime/actionChild.mjs');
const RUNS = 15;

async function once(): Promise<{ ms: number; peakMiB: number }> {
  const started = process.hrtime.bigint();
  const child = fork(ACTION_CHILD, [], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let peakKiB = 0;
  const timer = setInterval(() => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(
        readFileSync(`/proc/${child.pid}/status`, 'utf8'),
      )?.[1];
      peakKiB = Math.max(peakKiB, Number(rss ?? 0));
    } catch {
      // ended meanwhile
    }
  }, 5);
  await new Promise(resolve => child.once('spawn', resolve));
  await new Promise(resolve => child.send({ type: 'noop' }, resolve));
  child.disconnect();
  await new Promise(resolve => child.once('exit', resolve));
  clearInterval(timer);
  return {
    ms: Number(process.hrtime.bigint() - started) / 1e6,
    peakMiB: peakKiB / 1024,
  };
}

async function main() {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await once());
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const ms = sorted(runs.map(r => r.ms));
  const peaks = sorted(runs.map(r => r.peakMiB));
  const mid = Math.floor(RUNS / 2);
  process.stdout.write(
    `driver action process, fork to exit: ${ms[mid].toFixed(
      0,
    )} ms median (${ms[0].toFixed(0)}-${ms[RUNS - 1].toFixed(0)})\n` +
      `driver action process, peak RSS: ${peaks[mid].toFixed(
        0,
      )} MiB median (${peaks[0].toFixed(0)}-${peaks[RUNS - 1].toFixed(0)})\n`,
  );
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
