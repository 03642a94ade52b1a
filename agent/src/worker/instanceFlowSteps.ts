import { KubeConfig } from '@kubernetes/client-node';
import {
  APPLY_STYRMIN_DEPLOYMENT_STEP,
  ComponentFlow,
  DriverAction,
  GlobalContext,
  Hook,
  hookStepName,
  Mode,
  PromptAnswers,
  RESTORE_RESTORE_POINT_STEP,
  TAKE_RESTORE_POINT_STEP,
} from '@styrmin/plugin-styrmin-common';
import { AgentDriverVersion, AgentInstance } from '@styrmin/sdk';
import { ActionPrimitives } from '../actions/ActionPrimitives';
import { ActionRunner } from '../actions/ActionRunner';
import { executeCommands } from '../actions/executeCommands';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { DriverFiles } from '../drivers/DriverFiles';
import { newStyrminDeployment } from '../styrminDeployment/newStyrminDeployment';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import { BackupFlowContext, backupFlowSteps } from './backupFlowSteps';
import { ClaimedRun, RunConflictError } from './ClaimedRun';
import { FlowStepRunners } from './StepRunner';
import { OperatorPhaseSteps } from './OperatorPhaseSteps';
import { secretValues } from './secretValues';
import { restoreFlowSteps } from './restoreFlowSteps';
import { runStartedTask, runTaskOfStep, startUpgrade } from './startedTask';

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
export interface InstanceFlowDeps {
  run: ClaimedRun;
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  driverFiles: DriverFiles;
  actions: ActionRunner;
  operatorPhases: OperatorPhaseSteps;
  /** Velero, for the restore point an upgrade takes and a rollback with data restores. */
  velero: Omit<BackupFlowContext, 'run'>;
  pollIntervalMs?: number;
}

/**
 * The steps of CREATE_INSTANCE, UPDATE_INSTANCE and UPGRADE_INSTANCE (DESIGN.md,
 * "Reconciliation" 4): the hook's pre mode, the StyrminDeployment resource of the new
 * instance, the core mode, the operator's phases (which the operator carries out and
 * OperatorPhaseSteps reports), the post mode. Only the modes the task plans run. An
 * upgrade that takes a restore point backs the deployment up first, and a rollback with
 * data restores the restore point in place last: each a task started from its step and
 * run here while the step waits (the backup and restore flows' own steps).
 */
export function instanceFlowSteps(context: InstanceFlowDeps): FlowStepRunners {
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
    if (name === TAKE_RESTORE_POINT_STEP) {
      return {
        run: () =>
          runTaskOfStep(run, {
            stepName: name,
            start: { flow: 'CREATE_BACKUP' },
            steps: child => backupFlowSteps({ ...context.velero, run: child }),
          }),
      };
    }
    if (name === RESTORE_RESTORE_POINT_STEP) {
      return {
        run: () =>
          runTaskOfStep(run, {
            stepName: name,
            start: { flow: 'RESTORE_BACKUP' },
            steps: child =>
              restoreFlowSteps({
                ...context.velero,
                run: child,
                kubeConfig: context.kubeConfig,
                deployments: context.deployments,
                pollIntervalMs: context.pollIntervalMs,
              }),
          }),
      };
    }
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
            stepName: name,
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
 * recorded in the resource, and a new instance does not start them) and when each was
 * restarted. Refuses to write over a newer instance's spec.
 */
async function applyResource(
  context: InstanceFlowDeps,
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
  const declared = (component: string) => component in resource.spec.components;
  const stopped = (current?.spec.stoppedComponents ?? []).filter(declared);
  // A restart stays recorded too: dropping its annotation would roll the pods again.
  const restarted = Object.fromEntries(
    Object.entries(current?.spec.restartedComponents ?? {}).filter(
      ([component]) => declared(component),
    ),
  );
  const applied = await context.deployments.apply({
    ...resource,
    spec: {
      ...resource.spec,
      stoppedComponents: stopped,
      restartedComponents: restarted,
    },
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
  context: InstanceFlowDeps,
  options: {
    stepName: string;
    driver: AgentDriverVersion;
    instance: AgentInstance;
    resource: StyrminDeployment;
    actions: DriverAction[];
    signal: AbortSignal;
  },
): Promise<void> {
  const { stepName, driver, instance, resource, signal } = options;
  if (options.actions.length === 0) {
    return;
  }
  const directory = await context.driverFiles.directoryOf(driver);
  const primitives = actionPrimitives(context, stepName, resource, signal);
  // One API token for the step's actions, of its deployment and this claim of the run.
  const apiToken = await context.run.actionToken(stepName);
  for (const action of options.actions) {
    const prompts = promptAnswers(action, context.run.run.prompts);
    await context.actions.run({
      directory,
      action,
      context: instance.context,
      prompts,
      primitives,
      secrets: [
        ...secretValues(instance.context as GlobalContext),
        ...secretAnswers(action, prompts),
      ],
      apiToken,
      signal,
    });
  }
}

/**
 * The answers an action's prompts get: those the person who started the change gave (the
 * server checked them against the prompts), and each prompt's default otherwise.
 */
function promptAnswers(
  action: DriverAction,
  answers: PromptAnswers | undefined,
): Record<string, unknown> {
  const given = answers?.[action.name] ?? {};
  return Object.fromEntries(
    Object.entries(action.prompts).map(([name, prompt]) => [
      name,
      Object.hasOwn(given, name)
        ? given[name]
        : (prompt as { default?: unknown }).default,
    ]),
  );
}

/** The answers to an action's secret prompts, which no message may show. */
function secretAnswers(
  action: DriverAction,
  prompts: Record<string, unknown>,
): string[] {
  return Object.entries(action.prompts)
    .filter(
      ([name, prompt]) =>
        prompt.type === 'secret' && typeof prompts[name] === 'string',
    )
    .map(([name]) => prompts[name] as string);
}

function actionPrimitives(
  context: InstanceFlowDeps,
  stepName: string,
  resource: StyrminDeployment,
  signal: AbortSignal,
): ActionPrimitives {
  const { run } = context;
  const startTask = (flow: ComponentFlow) => (components: string[]) =>
    runStartedTask(context, { stepName, flow, components });
  return {
    stopComponents: startTask('STOP_COMPONENTS'),
    startComponents: startTask('START_COMPONENTS'),
    restartComponents: startTask('RESTART_COMPONENTS'),
    upgradeDeploymentVersion: ({ driverVersion, prompts }) =>
      startUpgrade(context, {
        stepName,
        driverVersion,
        prompts: prompts as PromptAnswers | undefined,
      }),
    executeCommands: options =>
      executeCommands(
        {
          kubeConfig: context.kubeConfig,
          spec: resource.spec,
          taskId: run.run.task.id,
          signal,
          note: line => run.noteStep(stepName, line),
          pollIntervalMs: context.pollIntervalMs,
        },
        options,
      ),
  };
}
