import { KubeConfig } from '@kubernetes/client-node';
import { Command } from 'commander';
import { request } from 'node:https';
import path from 'node:path';

/** What the volume commands read and write besides lines. */
export interface VolumeIo {
  out(line: string): void;
  /** Writes bytes as they are (a file's content). */
  write(chunk: Buffer): void;
  /** The content to write: standard input. */
  input(): Promise<Buffer>;
}

/**
 * `kube-sandbox volume ls|get|put|rm <namespace>/<claim> [path]`: the files of a running
 * sandbox's PersistentVolumeClaims, over its HTTP API (`/sandbox/v1/...`), found through the
 * kubeconfig in its state folder. For scripts and browser tests that run the sandbox as a
 * separate process.
 */
export function addVolumeCommand(
  program: Command,
  io: VolumeIo,
  defaultState: string,
): void {
  const volume = program
    .command('volume')
    .description(
      "Read and write the files of a running sandbox's volume claims",
    );
  const withState = (command: Command) =>
    command.option(
      '--state <folder>',
      'the state folder of the running sandbox',
      defaultState,
    );
  withState(
    volume.command('ls <claim>').description('List the files of <ns>/<claim>'),
  ).action(async (claim: string, options: { state: string }) => {
    const { body } = await call(options.state, 'GET', filesPath(claim));
    for (const file of JSON.parse(body.toString('utf8')).items) {
      io.out(`${file.size}\t${file.path}`);
    }
  });
  withState(
    volume
      .command('get <claim> <path>')
      .description('Print the content of a file of <ns>/<claim>'),
  ).action(async (claim: string, file: string, options: { state: string }) => {
    io.write((await call(options.state, 'GET', filesPath(claim, file))).body);
  });
  withState(
    volume
      .command('put <claim> <path>')
      .description('Write a file of <ns>/<claim> from standard input'),
  ).action(async (claim: string, file: string, options: { state: string }) => {
    const content = await io.input();
    await call(options.state, 'PUT', filesPath(claim, file), content);
  });
  withState(
    volume
      .command('rm <claim> <path>')
      .description('Remove a file of <ns>/<claim>'),
  ).action(async (claim: string, file: string, options: { state: string }) => {
    await call(options.state, 'DELETE', filesPath(claim, file));
  });
}

function filesPath(claim: string, file?: string): string {
  const [namespace, name, ...rest] = claim.split('/');
  if (!namespace || !name || rest.length) {
    throw new Error(`name the claim as <namespace>/<claim>, not "${claim}"`);
  }
  const files = `/sandbox/v1/namespaces/${encodeURIComponent(
    namespace,
  )}/persistentvolumeclaims/${encodeURIComponent(name)}/files`;
  return file === undefined
    ? files
    : `${files}/${file
        .split('/')
        .map(part => encodeURIComponent(part))
        .join('/')}`;
}

/** One request to the sandbox the state folder's kubeconfig names; a failure says why. */
async function call(
  state: string,
  method: string,
  urlPath: string,
  body?: Buffer,
): Promise<{ body: Buffer }> {
  const config = new KubeConfig();
  config.loadFromFile(path.join(path.resolve(state), 'kubeconfig'));
  const cluster = config.getCurrentCluster();
  const token = config.getCurrentUser()?.token;
  if (!cluster || !cluster.caData || !token) {
    throw new Error(`no sandbox kubeconfig in ${state}`);
  }
  const response = await new Promise<{ status: number; body: Buffer }>(
    (resolve, reject) => {
      const sent = request(
        `${cluster.server}${urlPath}`,
        {
          method,
          ca: Buffer.from(cluster.caData!, 'base64'),
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body ? { 'Content-Length': body.length } : {}),
          },
        },
        answer => {
          const chunks: Buffer[] = [];
          answer.on('data', chunk => chunks.push(chunk));
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              body: Buffer.concat(chunks),
            }),
          );
          answer.on('error', reject);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    },
  );
  if (response.status >= 300) {
    let message = response.body.toString('utf8');
    try {
      message = JSON.parse(message).message ?? message;
    } catch {
      // Not a Status: said as it came.
    }
    throw new Error(message);
  }
  return response;
}
