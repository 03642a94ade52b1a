/**
 * styrminctl, the Styrmin command line for admins.
 *
 * @packageDocumentation
 */
import { main } from './main';

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
}).then(exitCode => {
  // Not process.exit(): pending writes to a pipe must finish first.
  process.exitCode = exitCode;
});
