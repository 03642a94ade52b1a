import { Command } from 'commander';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '../Sandbox';
import { addVolumeCommand } from './volumeCommand';

/** Where `kube-sandbox start` keeps its state without `--state`. */
function defaultStateDirectory(): string {
  const base =
    process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'styrmin-kube-sandbox');
}

export interface CliIo {
  out(line: string): void;
  /** Resolves when the command should stop (SIGINT, SIGTERM). */
  stopSignal(): Promise<void>;
  /** Bytes as they are, for `volume get`. Default: standard output. */
  write?(chunk: Buffer): void;
  /** What `volume put` writes. Default: standard input. */
  input?(): Promise<Buffer>;
}

async function readStandardInput(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const processIo: Required<CliIo> = {
  out: line => process.stdout.write(`${line}\n`),
  write: chunk => process.stdout.write(chunk),
  input: readStandardInput,
  stopSignal: () =>
    new Promise(resolve => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
};

/**
 * The `kube-sandbox` command. `start` runs a sandbox until interrupted, with its state (objects,
 * kubeconfig, backups, volumes) in a folder, so that the next start finds the same cluster;
 * `volume` reads and writes the files of a running sandbox's claims.
 */
export async function runCli(
  argv: string[],
  io: CliIo = processIo,
): Promise<void> {
  const program = new Command('kube-sandbox').description(
    'An embedded Kubernetes API server with simulated controllers, Flux and Velero',
  );
  program
    .command('start')
    .description(
      'Run a sandbox until interrupted; prints where its kubeconfig is',
    )
    .option(
      '--state <folder>',
      'where the cluster is kept between runs',
      defaultStateDirectory(),
    )
    .option(
      '--port <port>',
      'the port on 127.0.0.1 (default: any free port)',
      v => Number(v),
    )
    .option(
      '--token <token>',
      'the bearer token clients must send (default: random)',
    )
    .option('--no-flux', 'leave the Flux stand-in out')
    .option('--no-velero', 'leave the Velero stand-in out')
    .action(
      async (options: {
        state: string;
        port?: number;
        token?: string;
        flux: boolean;
        velero: boolean;
      }) => {
        const state = path.resolve(options.state);
        const sandbox = await startSandbox({
          directory: state,
          stateFile: path.join(state, 'cluster.json'),
          port: options.port,
          token: options.token,
          flux: options.flux,
          velero: options.velero
            ? { directory: path.join(state, 'object-store') }
            : false,
        });
        io.out(`kube-sandbox is serving ${sandbox.url}`);
        io.out(`kubeconfig: ${sandbox.kubeconfigPath}`);
        io.out(`  kubectl --kubeconfig ${sandbox.kubeconfigPath} get pods -A`);
        if (sandbox.velero) {
          io.out(
            `object store (Velero): ${sandbox.velero.endpoint} bucket ${sandbox.velero.bucket}`,
          );
        }
        await io.stopSignal();
        await sandbox.stop();
        io.out('kube-sandbox stopped; its state is kept');
      },
    );
  addVolumeCommand(
    program,
    {
      out: line => io.out(line),
      write: io.write ?? processIo.write,
      input: io.input ?? processIo.input,
    },
    defaultStateDirectory(),
  );
  await program.parseAsync(argv);
}
