import {
  AgentDriverVersion,
  AgentFlowRun,
  AgentPreviousInstance,
  deploymentNamespace,
  isComponentFlow,
  JsonObject,
} from '@styrmin/plugin-styrmin-common';
import { posix } from 'node:path';
import { Cluster } from '../clusters/ClusterStore';
import { TransactionOption } from '../database/TransactionOption';
import { isUuid } from '../database/uuid';
import { DriverVersionRef } from '../deployments/DeploymentStore';
import { componentsOf, runJobOf } from '../flows/flowRunParameters';
import { FlowRun } from '../flows/FlowRunStore';
import { Instance } from '../instances/InstanceStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { AgentProtocolDeps } from './AgentProtocolDeps';

/** The flows whose runs get the instance that was active before theirs. */
const FLOWS_WITH_PREVIOUS_INSTANCE = new Set([
  'UPDATE_INSTANCE',
  'UPGRADE_INSTANCE',
]);

/**
 * A claimed run as the agent gets it: the run and its lease, its task with the steps as
 * recorded, the deployment, the instance with its context in clear, and the driver
 * version the StyrminDeployment resource is built from; for an update or an upgrade, the
 * instance before; the answers to the prompts of the task's actions; the components that a
 * STOP_COMPONENTS or START_COMPONENTS run stops or starts; the job a RUN_JOB run runs.
 * Nothing else.
 *
 * @internal
 */
export async function toAgentFlowRun(
  deps: Pick<
    AgentProtocolDeps,
    | 'tasks'
    | 'deployments'
    | 'environments'
    | 'instances'
    | 'drivers'
    | 'leaseSeconds'
  >,
  options: TransactionOption & { run: FlowRun; cluster: Cluster },
): Promise<AgentFlowRun> {
  const { tx, run, cluster } = options;
  const task = await deps.tasks.getTaskOfFlowRun({ tx, flowRunId: run.id });
  if (!task) {
    throw new Error(`Flow run ${run.id} has no task`);
  }
  const deploymentId = deploymentIdOf(task);
  const deployment = await deps.deployments.getDeployment({
    tx,
    id: deploymentId,
  });
  const [environment] = deployment
    ? await deps.environments.getEnvironments({
        tx,
        ids: [deployment.environmentId],
      })
    : [];
  if (!deployment || !environment) {
    throw new Error(
      `The deployment ${deploymentId} of flow run ${run.id} is not stored`,
    );
  }

  let instance: Instance | undefined;
  const instanceId = run.parameters.instanceId;
  if (run.flowName !== 'DELETE' && typeof instanceId === 'string') {
    [instance] = isUuid(instanceId)
      ? await deps.instances.getInstances({ tx, ids: [instanceId] })
      : [];
    if (!instance) {
      throw new Error(
        `The instance ${instanceId} of flow run ${run.id} is not stored`,
      );
    }
  }
  let previous: Instance | undefined;
  if (instance && FLOWS_WITH_PREVIOUS_INSTANCE.has(run.flowName)) {
    [previous] = (
      await deps.instances.listInstances({
        tx,
        deploymentId: deployment.id,
        limit: 1,
        before: instance.number,
      })
    ).instances;
  }

  return {
    id: run.id,
    flow: run.flowName,
    parameters: run.parameters as JsonObject,
    attempt: run.attempts,
    maxAttempts: run.maxAttempts,
    leaseExpiresAt: run.leaseExpiresAt!.toISOString(),
    leaseSeconds: deps.leaseSeconds,
    task: {
      id: task.id,
      type: task.type,
      deploymentId,
      steps: task.steps.map(step => ({
        id: step.id,
        name: step.name,
        position: step.position,
        status: step.status,
        attempts: step.attempts,
      })),
    },
    deployment: {
      id: deployment.id,
      name: deployment.name,
      namespace: deploymentNamespace(deployment.id),
      environment: { id: environment.id, name: environment.name },
      cluster: { id: cluster.id, name: cluster.name },
    },
    instance: instance
      ? { id: instance.id, number: instance.number, context: instance.context }
      : null,
    driverVersion: instance
      ? await agentDriverVersion(deps, { tx, ref: instance.driver })
      : null,
    ...(previous && {
      previousInstance: await agentPreviousInstance(deps, {
        tx,
        instance: previous,
      }),
    }),
    ...(task.prompts && { prompts: task.prompts }),
    ...(isComponentFlow(run.flowName) && {
      components: componentsOf(run),
    }),
    ...(run.flowName === 'RUN_JOB' && { job: runJobOf(run) }),
  };
}

async function agentDriverVersion(
  deps: Pick<AgentProtocolDeps, 'drivers'>,
  options: TransactionOption & { ref: DriverVersionRef },
): Promise<AgentDriverVersion> {
  const { tx, ref } = options;
  const driverVersion = await deps.drivers.getDriverVersion({ tx, ...ref });
  if (!driverVersion) {
    throw new Error(`Driver version ${ref.name} ${ref.version} is not stored`);
  }
  const files = await deps.drivers.getBundle({
    tx,
    digest: driverVersion.digest,
  });
  const templatePath = posix.normalize(
    driverVersion.spec.spec.helm.main.values_template,
  );
  const template = files?.find(
    file => posix.normalize(file.path) === templatePath,
  );
  if (!template) {
    throw new Error(
      `The bundle of driver version ${ref.name} ${ref.version} lacks its values template ${templatePath}`,
    );
  }
  return {
    name: driverVersion.name,
    version: driverVersion.version,
    digest: driverVersion.digest,
    spec: driverVersion.spec,
    valuesTemplate: template.content.toString('utf8'),
  };
}

async function agentPreviousInstance(
  deps: Pick<AgentProtocolDeps, 'drivers'>,
  options: TransactionOption & { instance: Instance },
): Promise<AgentPreviousInstance> {
  const { tx, instance } = options;
  const driverVersion = await deps.drivers.getDriverVersion({
    tx,
    ...instance.driver,
  });
  if (!driverVersion) {
    throw new Error(
      `Driver version ${instance.driver.name} ${instance.driver.version} is not stored`,
    );
  }
  return {
    id: instance.id,
    number: instance.number,
    context: instance.context,
    driverVersion: {
      name: instance.driver.name,
      version: instance.driver.version,
      digest: driverVersion.digest,
    },
  };
}
