import { execFile } from 'node:child_process';
import path from 'node:path';

const HELM_TIMEOUT_MS = 60_000;

/**
 * helm refused: its own words (the template and line at fault, the file it could not
 * read), without the `Error:` prefix and the `--debug` hint.
 *
 * @public
 */
export class HelmError extends Error {
  name = 'HelmError' as const;
}

/**
 * Runs helm with its cache, config and data homes in `work` (a folder of the caller's that
 * goes away with it), so that nothing of the agent's user or of another run leaks in, and
 * resolves with its standard output. Throws a HelmError when helm fails and a plain Error
 * when the binary is missing.
 */
export function runHelm(options: {
  helm: string;
  args: string[];
  work: string;
}): Promise<string> {
  const { helm, args, work } = options;
  const home = path.join(work, 'helm');
  return new Promise((resolve, reject) => {
    execFile(
      helm,
      args,
      {
        timeout: HELM_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          PATH: process.env.PATH,
          HELM_CACHE_HOME: path.join(home, 'cache'),
          HELM_CONFIG_HOME: path.join(home, 'config'),
          HELM_DATA_HOME: path.join(home, 'data'),
        },
      },
      (error, stdout, stderr) => {
        if (error && (error as { code?: unknown }).code === 'ENOENT') {
          reject(new Error(`The helm binary ${helm} is missing`));
        } else if (error) {
          reject(
            new HelmError(
              stderr
                .replace(/^Error: /, '')
                .replace(/Use --debug flag to render out invalid YAML/, '')
                .trim() || `helm ${args[0]} failed: ${error.message}`,
            ),
          );
        } else {
          resolve(stdout);
        }
      },
    );
  });
}
