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
}).then(exitCode => {
  // Not process.exit(): pending writes to a pipe must finish first.
  process.exitCode = exitCode;
});
