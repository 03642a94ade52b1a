import { spawn } from 'node:child_process';

export interface ToolResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs a binary to its end, feeding `input` on stdin; never throws for a non-zero exit. */
export function runTool(
  file: string,
  args: string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', chunk => stdout.push(chunk));
    child.stderr.on('data', chunk => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', code =>
      resolve({
        exitCode: code ?? 1,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
    // A tool that exits without reading its input closes the pipe first: not a failure.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}
