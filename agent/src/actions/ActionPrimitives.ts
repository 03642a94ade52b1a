import { GlobalContext } from '@styrmin/plugin-styrmin-common';

/*
 * The Driver API of actions: what the agent hands an action, and the primitives it may
 * call. docs/driver-api.md ("Action primitives") is generated from these declarations and
 * their doc comments (scripts/generate-driver-api-docs.ts), so each member needs one, in
 * words for driver authors; the example drivers' actions are type-checked against them
 * (exampleDriverActions.test.ts).
 */

/**
 * The one argument an action is called with, an export of a JavaScript or TypeScript module
 * of the driver that the agent runs in a child process of its own, at its hook and mode.
 * The child gets none of the agent's credentials or environment, only `STYRMIN_URL` and
 * `STYRMIN_TOKEN`, the API token of its deployment: each primitive is a call to the agent,
 * which carries it out.
 *
 * @public
 */
export interface ActionArguments<Prompts = Record<string, unknown>> {
  /**
   * The context of the instance being deployed, secret values included (the
   * [context](context.md) describes it).
   */
  context: GlobalContext;
  /**
   * The answers to the action's prompts, by prompt name: those given with the change, each
   * prompt's default otherwise.
   */
  prompts: Prompts;
  /** The action primitives below. */
  primitives: ActionPrimitives;
  /**
   * Aborted when the flow run is cancelled; the action's process is killed 5 seconds
   * later if it has not ended.
   */
  signal: AbortSignal;
}

/**
 * The action primitives, as an action receives them (`primitives` of its one argument).
 * Each records its work on the hook step that runs the action, and fails the action when
 * it fails, unless the action catches the error.
 *
 * @public
 */
export interface ActionPrimitives {
  /**
   * Scales the components to 0 pods (their replica overrides are kept) and waits until
   * their pods are gone. It starts a stop_components task linked to the hook step that
   * runs the action: the deployment page lists the task under that step, and the hook's
   * task result includes the task's result.
   */
  stopComponents(components: string[]): Promise<void>;
  /**
   * Scales the components back to their replica count (the replica override, else the
   * driver default, else the chart's) and waits until they are ready. It starts a
   * start_components task linked to the hook step, as `stopComponents` does.
   */
  startComponents(components: string[]): Promise<void>;
  /**
   * Restarts the components as `kubectl rollout restart` does: the pod template of each of
   * their Deployments and StatefulSets gets the annotation
   * `kubectl.kubernetes.io/restartedAt`, so that their pods are replaced one by one, and the
   * call waits until the rollout has ended (every pod of the new template ready). A stopped
   * component stays stopped. It starts a restart_components task linked to the hook step,
   * as `stopComponents` does.
   */
  restartComponents(components: string[]): Promise<void>;
  /**
   * Upgrades the action's own deployment to another version of its driver, by the rules of
   * an upgrade through the API (`upgradeDeployment`): its configuration goes along, a
   * parameter that the new version no longer declares is dropped when it equals its
   * default and carried over where the new version says what replaces it (else the call
   * fails with RETIRED_PARAMETER_VALUE), and a downgrade is refused. It starts an
   * upgrade_instance task linked to the hook step, as `stopComponents` does: the hook's task
   * result includes the upgrade's.
   *
   * It resolves once the upgrade is recorded, with its task, and does not wait for it: the
   * deployment runs one task at a time, and the upgrade's runs after the task that runs
   * the action has ended (its later steps included). Until then the upgrade is SCHEDULED and
   * the hook's task result RUNNING; a failed upgrade fails the hook's task result, not the
   * action.
   */
  upgradeDeploymentVersion(to: UpgradeTarget): Promise<StartedUpgrade>;
  /**
   * Runs the commands in the deployment's action Job and resolves with their output.
   *
   * - The Job is named `<release reference>-job`, in the deployment's namespace, with the
   *   label `styrmin.io/action-job=true`. Its one pod runs the component container's image
   *   and environment as the component's workload has them now, overrides included, and
   *   is not retried: the Job ends at its first failed pod. It stays in the cluster after
   *   it ends.
   * - The next `executeCommands` call on the same deployment, in the same action or in a
   *   later one, deletes that Job and its pods once the Job has ended (completed or
   *   failed), then creates its own Job; the hook step's lines name the deleted Job. An action
   *   can therefore call `executeCommands` several times, and each upgrade of a deployment
   *   can run its upgrade action again.
   * - The call fails, and deletes nothing, when the Job of that name is still running, for
   *   example because another change of the deployment runs its action at the same time.
   *   It also fails when a Job of that name exists that no driver action created, and
   *   when the Job is replaced by another between the moment it is read and its deletion.
   *   A run_job task (`styrminctl deployments run-job`) runs its command in the same Job
   *   by the same rules, labelled `styrmin.io/job-kind=run-job`: it counts as an action's.
   * - When the Job fails, or outlives `timeoutSeconds`, the call fails and Styrmin stores
   *   the end of the Job's output on the hook step that runs the action: the last 200
   *   lines, at most 64 KiB. Every signed-in user, including read-only users, can read it
   *   on the deployment page and through the API. Do not print secrets, such as passwords
   *   or tokens, in action commands: pass them in the container's environment.
   */
  executeCommands(options: ExecuteCommandsOptions): Promise<{ output: string }>;
}

/**
 * What `upgradeDeploymentVersion` upgrades to.
 *
 * @public
 */
export interface UpgradeTarget {
  /** A loaded version of the deployment's driver, newer than its own. */
  driverVersion: string;
  /**
   * The answers to the prompts of the new version's upgrade hook, by action name then
   * prompt name; a prompt left out gets its default.
   */
  prompts?: Record<string, Record<string, unknown>>;
}

/**
 * The upgrade that `upgradeDeploymentVersion` started.
 *
 * @public
 */
export interface StartedUpgrade {
  /**
   * Its upgrade_instance task, which the deployment page lists under the hook step:
   * SCHEDULED until the task that runs the action has ended.
   */
  taskId: string;
}

/**
 * What `executeCommands` runs.
 *
 * @public
 */
export interface ExecuteCommandsOptions {
  /** The component whose component container's image and environment the Job's pod runs. */
  component: string;
  /**
   * Shell commands, run in order by `/bin/sh` with `set -e`: the first that fails ends
   * them. At least one.
   */
  commands: string[];
  /** How long the Job may run, in seconds; default 600. */
  timeoutSeconds?: number;
}
