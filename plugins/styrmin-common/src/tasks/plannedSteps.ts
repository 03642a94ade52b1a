import { compareModes, Hook, Mode } from '../domain/lifecycle';
import { TaskType } from '../domain/TaskType';
import { DriverAction } from '../driver/DriverAction';
import { DriverSpec } from '../driver/DriverSpec';
import { FlowName } from './FlowName';
import {
  RESTORE_RESTORE_POINT_STEP,
  TAKE_RESTORE_POINT_STEP,
} from './restorePoint';

/**
 * The step that writes the StyrminDeployment resource, whose spec embeds the context and
 * the instance id: the moment the new instance takes over from the one before.
 *
 * @public
 */
export const APPLY_STYRMIN_DEPLOYMENT_STEP =
  'Apply the StyrminDeployment resource';

/**
 * The operator's phases, each one step, in the order the operator reconciles a
 * StyrminDeployment resource (DESIGN.md, "Reconciliation" 5): the namespace
 * `styrmin-<deployment id>`, the chart source, the HelmRelease with the values rendered
 * from the context and the component overrides as post-render patches, and the declared
 * Services.
 *
 * @public
 */
export const OPERATOR_PHASE_STEPS = [
  'Ensure the namespace',
  'Apply the chart source',
  'Install or upgrade the HelmRelease',
  'Apply the Services',
] as const;

/**
 * The steps of a deletion: the resource goes, and the operator's finalizer removes what it
 * created before the resource disappears.
 *
 * @public
 */
export const DELETE_STEPS = [
  'Delete the StyrminDeployment resource',
  'Uninstall the HelmRelease',
  'Remove the namespace',
] as const;

/**
 * The name of the step that runs the actions of one hook's mode: one run of a hook's mode
 * is one step ("Run the upgrade pre-hook").
 *
 * @public
 */
export function hookStepName(hook: Hook, mode: Mode): string {
  return `Run the ${hook} ${mode}-hook`;
}

/**
 * The task type that tracks each flow, as the glossary pairs them.
 *
 * @public
 */
export const TASK_TYPE_OF_FLOW: Readonly<Record<FlowName, TaskType>> = {
  CREATE_INSTANCE: 'create_instance',
  UPDATE_INSTANCE: 'update_instance',
  UPGRADE_INSTANCE: 'upgrade_instance',
  DELETE: 'delete_deployment',
  STOP_COMPONENTS: 'stop_components',
  START_COMPONENTS: 'start_components',
  RESTART_COMPONENTS: 'restart_components',
  RUN_JOB: 'run_job',
  CREATE_BACKUP: 'create_backup',
  RESTORE_BACKUP: 'restore_backup',
  DELETE_BACKUP: 'delete_backup',
  UPGRADE_ENVIRONMENT: 'upgrade_environment',
  RESTORE_ENVIRONMENT: 'restore_environment',
  CLONE_ENVIRONMENT: 'clone_environment',
};

/** The hook that a flow runs: setup when it creates, upgrade when it upgrades. */
const HOOK_OF_FLOW: Partial<Record<FlowName, Hook>> = {
  CREATE_INSTANCE: 'setup',
  UPGRADE_INSTANCE: 'upgrade',
};

/**
 * A flow that applies or removes an instance, with the driver version it deploys: the new
 * instance's.
 *
 * @public
 */
export interface PlannedFlow {
  flowName: Extract<
    FlowName,
    'CREATE_INSTANCE' | 'UPDATE_INSTANCE' | 'UPGRADE_INSTANCE' | 'DELETE'
  >;
  driver: DriverSpec;
  /** Whether the flow takes a restore point first (see `takesRestorePoint`). */
  restorePoint?: boolean;
  /** Whether the flow restores a restore point in place last: a rollback with data. */
  restoresBackup?: boolean;
}

/**
 * The driver actions that a flow runs: those of the hook it runs (setup for
 * CREATE_INSTANCE, upgrade for UPGRADE_INSTANCE, none otherwise), in the order of their
 * modes. What a change shows as the actions that will run, with the prompts they ask for.
 *
 * @public
 */
export function plannedActions(options: PlannedFlow): DriverAction[] {
  const hook = HOOK_OF_FLOW[options.flowName];
  return options.driver.spec.actions
    .filter(action => action.hook === hook)
    .sort((a, b) => compareModes(a.mode, b.mode));
}

/**
 * The planned steps of a flow that applies or removes an instance, in the order they run
 * (DESIGN.md, "Reconciliation" 4): the hook's pre mode, the StyrminDeployment resource,
 * the core mode, the operator's phases, the post mode; first, when it takes one, the
 * restore point (a backup before anything changes), and last, for a rollback with data,
 * the in-place restore of the restore point. A mode is a step only when the
 * driver version declares an action for it, so the plan shows what will run; the flow
 * runs the task's steps by name. UPDATE_INSTANCE runs no hook; DELETE removes the
 * resource and what the operator made of it.
 *
 * @public
 */
export function plannedSteps(options: PlannedFlow): string[] {
  if (options.flowName === 'DELETE') {
    return [...DELETE_STEPS];
  }
  const hook = HOOK_OF_FLOW[options.flowName];
  const actions = plannedActions(options);
  const modeStep = (mode: Mode) =>
    hook && actions.some(a => a.mode === mode)
      ? [hookStepName(hook, mode)]
      : [];
  return [
    ...(options.restorePoint ? [TAKE_RESTORE_POINT_STEP] : []),
    ...modeStep('pre'),
    APPLY_STYRMIN_DEPLOYMENT_STEP,
    ...modeStep('core'),
    ...OPERATOR_PHASE_STEPS,
    ...modeStep('post'),
    ...(options.restoresBackup ? [RESTORE_RESTORE_POINT_STEP] : []),
  ];
}
