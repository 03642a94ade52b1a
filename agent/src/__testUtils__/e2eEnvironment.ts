import path from 'node:path';
import { setUpBackupLocation } from './e2eBackups';
import { E2E_PASSWORD, E2eWorld } from './e2eWorld';
import { EXAMPLE_DRIVERS } from './exampleBundles';

/** Waits for a deployment to be RUNNING. */
export function deploymentRunning(
  world: E2eWorld,
  id: string,
  what: string,
): Promise<boolean> {
  return world.eventually(async () => {
    const deployment = await world.client.deployment({ id });
    return deployment?.state === 'RUNNING';
  }, what);
}

/**
 * The environment operations' setup of an end-to-end world (with `velero`): the backups'
 * (`setUpBackupLocation`), then infrahub and semaphore, which connects to it, RUNNING in
 * `dev` (semaphore's creation redeploys infrahub). Answers their ids.
 */
export async function runInfrahubAndSemaphore(
  world: E2eWorld,
): Promise<{ infrahubId: string; semaphoreId: string }> {
  await setUpBackupLocation(world);
  await world.json([
    'drivers',
    'load',
    path.join(EXAMPLE_DRIVERS, 'semaphore', '1.0.0'),
  ]);
  const infrahubId = await world.createInfrahub('dev');
  await deploymentRunning(world, infrahubId, 'infrahub to run');
  const { deployment } = await world.json(
    [
      'deployments',
      'create',
      'dev/semaphore',
      '--driver',
      'semaphore',
      '--driver-version',
      '1.0.0',
      '--app-version',
      '2.12.0',
      '--set-secret',
      'admin_password=PASSWORD',
      '--set-secret',
      'infrahub_api_token=PASSWORD',
    ],
    { env: { PASSWORD: E2E_PASSWORD } },
  );
  const semaphoreId: string = deployment.id;
  await deploymentRunning(world, semaphoreId, 'semaphore to run');
  // Semaphore's creation redeploys infrahub, which it connects to.
  await deploymentRunning(world, infrahubId, 'infrahub to run again');
  return { infrahubId, semaphoreId };
}

/** The name of the first volume claim of a deployment's namespace. */
export async function firstClaim(
  world: E2eWorld,
  deploymentId: string,
): Promise<string> {
  const claims = await world.view.core.listNamespacedPersistentVolumeClaim({
    namespace: `styrmin-${deploymentId}`,
  });
  return claims.items[0].metadata!.name!;
}
