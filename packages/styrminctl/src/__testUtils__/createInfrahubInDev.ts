import { join, resolve } from 'node:path';

const DRIVERS = resolve(__dirname, '../../../../drivers');

/**
 * What the upgrade, rollback and plan tests start from, made through styrminctl itself:
 * cluster `local`, environment `dev`, infrahub's drivers 1.0.0 and 1.1.0 loaded, and
 * dev/infrahub on 1.0.0 (application 1.5.2) with its admin password and the given `--set`s.
 */
export async function createInfrahubInDev(
  json: (argv: string[], stdin?: string) => Promise<unknown>,
  sets: string[] = [],
): Promise<void> {
  await json(['clusters', 'create', 'local']);
  await json(['environments', 'create', 'dev', '--cluster', 'local']);
  for (const version of ['1.0.0', '1.1.0']) {
    await json(['drivers', 'load', join(DRIVERS, 'infrahub', version)]);
  }
  await json(
    [
      'deployments',
      'create',
      'dev/infrahub',
      '--driver',
      'infrahub',
      '--driver-version',
      '1.0.0',
      '--app-version',
      '1.5.2',
      '--set-secret',
      'admin_password',
      ...sets.flatMap(set => ['--set', set]),
    ],
    'correct horse battery staple\n',
  );
}
