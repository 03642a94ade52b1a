import { StyrminClient } from '@styrmin/sdk';
import { CliIo } from './CliIo';
import { ConfigFlags, resolveConfig } from './config/resolveConfig';
import { formatOutput, OutputFormat } from './output';
import { UsageError } from './UsageError';

/** The options every command accepts, declared on the program. */
export interface GlobalOptions extends ConfigFlags {
  output: OutputFormat;
}

/**
 * What a command needs besides its own arguments: a client for the configured server, and
 * a printer for its result in the chosen output format. Both read the global options when
 * a command runs, since commander parses them only then.
 */
export class CommandRuntime {
  readonly #io: CliIo;
  readonly #globalOptions: () => GlobalOptions;

  static create(options: {
    io: CliIo;
    globalOptions: () => GlobalOptions;
  }): CommandRuntime {
    return new CommandRuntime(options.io, options.globalOptions);
  }

  private constructor(io: CliIo, globalOptions: () => GlobalOptions) {
    this.#io = io;
    this.#globalOptions = globalOptions;
  }

  /** A client for the server that the flags, the environment or the config file name. */
  async client(): Promise<StyrminClient> {
    const { pluginUrl, token } = await resolveConfig({
      flags: this.#globalOptions(),
      env: this.#io.env,
    });
    return StyrminClient.create({ baseUrl: pluginUrl, token });
  }

  /**
   * Prints a command's result, a record or a list of records, to stdout. `table` is what
   * the table format shows instead, when the result is too deep to read as rows, and
   * `tables` several such blocks, one after the other with a blank line between them; JSON
   * and YAML always print the result itself.
   */
  print(
    value: unknown,
    options: { table?: unknown; tables?: unknown[] } = {},
  ): void {
    const { stdout, env } = this.#io;
    const format = this.#globalOptions().output;
    const color = Boolean(stdout.isTTY) && !env.NO_COLOR;
    if (format !== 'table') {
      stdout.write(formatOutput(value, { format, color }));
      return;
    }
    const blocks = options.tables ?? [options.table ?? value];
    stdout.write(
      blocks
        .map(block => formatOutput(block, { format, color }))
        .filter(text => text !== '')
        .join('\n'),
    );
  }

  /** Writes text to stdout as it is, in no output format: a script, say. */
  writeOut(text: string): void {
    this.#io.stdout.write(text);
  }

  /** Reads all of stdin. */
  readStdin(): Promise<string> {
    return this.#io.readStdin?.() ?? Promise.resolve('');
  }

  /**
   * Asks a person at a terminal to confirm a deletion (`y` or `yes`), unless `--yes` was
   * given; any other answer fails the command and nothing is deleted. Off a terminal it
   * asks nothing and goes on, as kubectl and helm do, so scripts keep working.
   * `declined` says what did not happen (a deletion by default).
   */
  async confirm(
    question: string,
    options: { yes?: boolean },
    declined = 'nothing was deleted',
  ): Promise<void> {
    if (options.yes || !this.#io.ask) {
      return;
    }
    const answer = await this.#io.ask(`${question} [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) {
      throw new UsageError(`Not confirmed: ${declined}`);
    }
  }

  /** The environment styrminctl runs in. */
  get env(): Record<string, string | undefined> {
    return this.#io.env;
  }

  /** Writes a notice for people to stderr, out of the way of the output. */
  notice(text: string): void {
    this.#io.stderr.write(`${text}\n`);
  }
}
