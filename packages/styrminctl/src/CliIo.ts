import { Environment } from './config/resolveConfig';

/** Where styrminctl writes: `process.stdout`, or a test's collector. */
export interface CliWriter {
  write(text: string): unknown;
  /** Colours are used only on a terminal. */
  isTTY?: boolean;
}

/** The process around styrminctl, passed in so that tests run it in-process. */
export interface CliIo {
  stdout: CliWriter;
  stderr: CliWriter;
  env: Environment;
  /** Reads all of stdin: where `--set-secret` takes a secret value from. */
  readStdin?: () => Promise<string>;
  /**
   * Asks a person at a terminal and answers the line they typed. Absent when stdin or
   * stderr is not a terminal: there styrminctl asks nothing.
   */
  ask?: (question: string) => Promise<string>;
}
