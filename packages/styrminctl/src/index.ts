/**
 * styrminctl, the Styrmin command line for admins.
 *
 * @packageDocumentation
 */
import { createInterface } from 'node:readline/promises';
import { main } from './main';

const onTerminal = Boolean(process.stdin.isTTY && process.stderr.isTTY);

main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  readStdin: async () => {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) {
      text += chunk;
    }
    return text;
  },
  ask: onTerminal
    ? async question => {
        const terminal = createInterface({
          input: process.stdin,
          output: process.stderr,
        });
        try {
          return await terminal.question(question);
        } finally {
          terminal.close();
        }
      }
    : undefined,
}).then(exitCode => {
  // Not process.exit(): pending writes to a pipe must finish first.
  process.exitCode = exitCode;
});
