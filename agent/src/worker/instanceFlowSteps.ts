import { KubeConfig } from '@kubernetes/client-node';
import {
  APPLY_STYRMIN_DEPLOYMENT_STEP,
  DriverAction,
  GlobalContext,
  Hook,
  hookStepName,
  Mode,
} from '@styrmin/plugin-styrmin-common';
import { AgentDriverVersion, AgentInstance } from '@styrmin/sdk';
import { ActionPrimitives } from '../actions/ActionPrimitives';
import { ActionRunner } from '../actions/ActionRunner';
import { executeCommands } from '../actions/executeCommands';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { DriverFiles } from '../drivers/DriverFiles';
import { newStyrminDeployment } from '../operator/newStyrminDeployment';
import { OperatorStep } from '../operator/StepRecorder';
import { StyrminDeployment } from '../operator/StyrminDeployment';
import { ClaimedRun, RunConflictError } from './ClaimedRun';
import { FlowSteps } from './FlowSteps';
import { OperatorPhaseSteps } from './OperatorPhaseSteps';
import { secretValues } from './secretValues';
import { switchComponents } from './switchComponents';

/**
 * The number of the instance whose spec a StyrminDeployment holds: an older instance's run
 * never writes over a newer one's.
 */
export const INSTANCE_NUMBER_ANNOTATION = 'styrmin.io/instance-number';

/** Each hook step's hook and mode, by the step's name. */
const HOOK_STEPS = new Map(
  Hook.values.flatMap(hook =>
    Mode.values.map(
      mode => [hookStepName(hook, mode), { hook, mode }] as const,
    ),
  ),
);

const OPERATOR_STEPS: ReadonlySet<string> = new Set(
  Object.values(OperatorStep),
);

/** @public */
export interface InstanceFlowContext {
  run: ClaimedRun;
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  driverFiles: DriverFiles;
  actions: ActionRunner;
  operatorPhases: OperatorPhaseSteps;
  pollIntervalMs?: number;
}

/**
 * The steps of CREATE_INSTANCE, UPDATE_INSTANCE and UPGRADE_INSTANCE (DESIGN.md,
 * "Reconciliation" 4): the hook's pre mode, the StyrminDeployment resource of the new
 * instance, the core mode, the operator's phases (which the operator carries out and
 * OperatorPhaseSteps reports), the post mode. Only the modes the task plans run.
 */
export function instanceFlowSteps(context: InstanceFlowContext): FlowSteps {
  const { run } = context;
  const instance = run.run.instance;
  const driver = run.run.driverVersion;
  if (!instance || !driver) {
    throw new Error(`Flow ${run.run.flow} came without its instance`);
  }
  const resource = newStyrminDeployment({
    driver: {
      spec: driver.spec,
      digest: driver.digest,
      valuesTemplate: driver.valuesTemplate,
    },
    context: instance.context,
    instanceId: instance.id,
    taskId: run.run.task.id,
    namespace: context.deployments.namespace,
  });
  resource.metadata!.annotations = {
    [INSTANCE_NUMBER_ANNOTATION]: String(instance.number),
  };
  return name => {
    if (name === APPLY_STYRMIN_DEPLOYMENT_STEP) {
      return { run: () => applyResource(context, resource, instance) };
    }
    if (OPERATOR_STEPS.has(name)) {
      return {
        reportsItself: true,
        run: signal =>
          context.operatorPhases.waitFor(name as OperatorStep, signal),
      };
    }
    const hookStep = HOOK_STEPS.get(name);
    if (hookStep) {
      return {
        run: signal =>
          runHook(context, {
            driver,
            instance,
            resource,
            actions: driver.spec.spec.actions.filter(
              a => a.hook === hookStep.hook && a.mode === hookStep.mode,
            ),
            signal,
          }),
      };
    }
    return undefined;
  };
}

/**
 * Writes the new instance's spec, keeping the components that are stopped now (stopping is
 * recorded in the resource, and a new instance does not start them). Refuses to write over
 * a newer instance's spec.
 */
async function applyResource(
  context: InstanceFlowContext,
  resource: StyrminDeployment,
  instance: AgentInstance,
): Promise<void> {
  const current = await context.deployments.read(resource.metadata!.name!);
  const holder = Number(
    current?.metadata?.annotations?.[INSTANCE_NUMBER_ANNOTATION] ?? 0,
  );
  if (holder > instance.number) {
    throw new RunConflictError(
      `Instance ${holder} of the deployment, newer than instance ${instance.number}, holds the StyrminDeployment resource`,
    );
  }
  const stopped = (current?.spec.stoppedComponents ?? []).filter(
    component => component in resource.spec.components,
  );
  const applied = await context.deployments.apply({
    ...resource,
    spec: { ...resource.spec, stoppedComponents: stopped },
  });
  context.run.log.info('Applied StyrminDeployment', {
    StyrminDeployment: `${applied.metadata!.namespace}/${
      applied.metadata!.name
    }`,
    generation: applied.metadata!.generation,
    instance: instance.id,
  });
}

/** Runs the actions of one hook's mode, one after the other, in their declared order. */
async function runHook(
  context: InstanceFlowContext,
  options: {
    driver: AgentDriverVersion;
    instance: AgentInstance;
    resource: StyrminDeployment;
    actions: DriverAction[];
    signal: AbortSignal;
  },
): Promise<void> {
  const { driver, instance, resource, signal } = options;
  if (options.actions.length === 0) {
    return;
  }
  const directory = await context.driverFiles.directoryOf(driver);
  const primitives = actionPrimitives(context, resource, signal);
  for (const action of options.actions) {
    await context.actions.run({
      directory,
      action,
      context: instance.context,
      prompts: promptDefaults(action),
      primitives,
      secrets: secretValues(instance.context as GlobalContext),
      signal,
    });
  }
}

/**
 * The answers an action's prompts get: their defaults. The agent protocol carries no
 * answers yet (the forms that ask for them do not exist either).
 */
function promptDefaults(action: DriverAction): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(action.prompts).map(([name, prompt]) => [
      name,
      (prompt as { default?: unknown }).default,
    ]),
  );
}

function actionPrimitives(
  context: InstanceFlowContext,
  resource: StyrminDeployment,
  signal: AbortSignal,
): ActionPrimitives {
  const { run } = context;
  const switchTo = (to: 'stopped' | 'started') => (components: string[]) =>
    switchComponents({
      kubeConfig: context.kubeConfig,
      deployments: context.deployments,
      deploymentId: run.run.deployment.id,
      components,
      to,
      signal,
      pollIntervalMs: context.pollIntervalMs,
    });
  return {
    stopComponents: switchTo('stopped'),
    startComponents: switchTo('started'),
    executeCommands: options =>
      executeCommands(
        {
          kubeConfig: context.kubeConfig,
          spec: resource.spec,
          taskId: run.run.task.id,
          signal,
          note: line => run.log.info(line),
          pollIntervalMs: context.pollIntervalMs,
        },
        options,
      ),
  };
}
