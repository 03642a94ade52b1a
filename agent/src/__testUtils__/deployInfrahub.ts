import { DeploymentWithInstance } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './exampleBundles';
import { E2eWorld } from './e2eWorld';

/** A running deployment that `deployInfrahub` made. */
export interface DeployedInfrahub {
  id: string;
  /** Its namespace, `styrmin-<id>`. */
  namespace: string;
  /** The deployment as the API answered once it was RUNNING. */
  running: DeploymentWithInstance;
}

/**
 * The usual start of an end-to-end test: the cluster `sandbox` with the environment `dev`,
 * infrahub 1.0.0 loaded, the agent started with the cluster's token, and `dev/infrahub`
 * created with styrminctl and waited for until it is RUNNING. `beforeCreate` runs once the
 * agent has started (with its RBAC applied), before the creation: faults for the agent only.
 */
export async function deployInfrahub(
  world: E2eWorld,
  options: { beforeCreate?: () => void } = {},
): Promise<DeployedInfrahub> {
  const { cluster, agentToken } = await world.json([
    'clusters',
    'create',
    'sandbox',
  ]);
  await world.json([
    'environments',
    'create',
    'dev',
    '--cluster',
    cluster.name,
  ]);
  await world.json([
    'drivers',
    'load',
    path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
  ]);
  await world.startAgent(agentToken);
  options.beforeCreate?.();
  const id = await world.createInfrahub('dev');
  const running = await world.eventually(async () => {
    const deployment = await world.client.deployment({ id });
    return deployment?.state === 'RUNNING' && deployment;
  }, 'infrahub to run');
  return { id, namespace: `styrmin-${id}`, running };
}
