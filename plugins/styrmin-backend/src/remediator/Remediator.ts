import { JsonObject } from '@backstage/types';
import {
  ContextChange,
  DeploymentState,
  FlowName,
  PromptAnswers,
  RemediationFlow,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Cluster } from '../clusters/ClusterStore';
import { Deployment } from '../deployments/DeploymentStore';
import { DriverVersion } from '../drivers/DriverStore';
import { FlowRun } from '../flows/FlowRunStore';
import { Environment } from '../environments/EnvironmentStore';
import { DesiredDeployment, GeneratedInstance } from '../generator/Generator';
import { Instance } from '../instances/Instance';
import { Task, TaskCause } from '../tasks/TaskStore';

/**
 * What a change records of its own deployment's intent. The remediator writes it with the
 * deployment's new state, in one statement: a created deployment is inserted DEPLOYING, an
 * edited or upgraded one updated to DEPLOYING (a compare-and-set on `expectedVersion`), a
 * deleted one becomes a DELETING tombstone.
 *
 * @internal
 */
export type DeploymentIntent =
  | {
      kind: 'create';
      environmentId: string;
      /** Its id chosen by the caller, which generated its instance with it. */
      deployment: DesiredDeployment;
    }
  | { kind: 'update'; deployment: DesiredDeployment; expectedVersion: number }
  | {
      kind: 'delete';
      /** The deployment as stored now. */
      deployment: Deployment;
      /** Absent for a deletion started again: its tombstone is recorded already. */
      expectedVersion?: number;
      /** Its active instance, which the deletion ends. */
      active?: Instance;
      /** The driver version of the deployment, whose steps the DELETE flow plans. */
      driverVersion: DriverVersion;
    };

/** @internal */
export type RemediatorRemediateOptions = {
  /** The change's transaction: the one that read what the generator built from. */
  tx: Knex.Transaction;
  /** The cluster of the deployments: its agent's work pool runs the flows. */
  cluster: Cluster;
  /** The generated instances; those that did not change are skipped. */
  instances: readonly GeneratedInstance[];
  /**
   * The environment of the deployments, whose settings say whether an upgrade takes a
   * restore point first (`takesRestorePoint`); none when absent.
   */
  environment?: Environment;
  /** For a rollback: what the intent's own new instance records of it. */
  rollback?: RemediatorRollback;
  /** The change of a deployment's intent that the instances were generated for. */
  intent?: DeploymentIntent;
  createdBy: string;
  /** The answers to the prompts of the actions of the deployment the change is about. */
  prompts?: { deploymentId: string; answers: PromptAnswers };
  /**
   * Why the change redeploys the deployments other than the intent's own (all of them
   * without an intent), recorded with each of their tasks: the change's author did not
   * ask for them.
   */
  cause?: TaskCause;
  /**
   * For a change that a step of another task makes (an environment upgrade's): the start
   * key of the intent's own task (unique) and the step, which is linked to it.
   */
  startedBy?: TaskStartedBy;
};

/**
 * What the instance of a rollback records: the earlier instance whose declared state it
 * applies again and, with data, the restore point it restores in place once applied (its
 * flow's last step; it takes no restore point first, since its data is restored anyway).
 *
 * @internal
 */
export type RemediatorRollback = {
  rollbackToInstanceId?: string;
  restoresBackupId?: string;
  /** Why the rollback's own task is started, when its author did not (an automatic one). */
  cause?: TaskCause;
};

/**
 * The step that starts a task, and the key that makes its start happen once: a second
 * task with the same key is refused, and the starter finds the first by its key.
 *
 * @internal
 */
export type TaskStartedBy = { stepId: string; startKey: string };

/**
 * What the remediator started for a deployment.
 *
 * @internal
 */
export type Remediation = {
  flowName: RemediationFlow;
  task: Task;
  flowRun: FlowRun;
  /** The older tasks of the deployment whose operator phases the new task supersedes. */
  supersededTaskIds: string[];
};

/**
 * One deployment that a change redeploys (or, in a preview, would redeploy): its new
 * instance differs from its active one.
 *
 * @internal
 */
export type Redeployment = {
  /** The deployment, as the change leaves it (in a preview: as it is). */
  deployment: Deployment;
  /** The reconciliation diff, secret values masked. */
  diff: ContextChange[];
  /** The flow that applies the new instance. */
  flowName: RemediationFlow;
  /** The new active instance; absent in a preview and for a deletion. */
  instance?: Instance;
  /** The task and flow run that apply it; absent in a preview. */
  remediation?: Remediation;
};

/**
 * A task that acts on a deployment's workload without a new instance: its flow, what the
 * flow needs in its parameters besides the deployment, and its planned steps.
 *
 * @internal
 */
export type TaskIntent = {
  flowName: FlowName;
  parameters: JsonObject;
  stepNames: string[];
};

/** @internal */
export type RemediatorRecordTaskOptions = {
  tx: Knex.Transaction;
  /** The cluster of the deployment: its agent's work pool runs the flow. */
  cluster: Cluster;
  deploymentId: string;
  task: TaskIntent;
  createdBy: string;
  /**
   * The deployment state the task puts the deployment in until it ends (RESTORING for a
   * restore); absent leaves the state as it is.
   */
  state?: DeploymentState;
  /**
   * For a task that a step starts (an action primitive's, an environment operation's): the
   * key of that start (unique) and the step, which is linked to it.
   */
  startedBy?: TaskStartedBy;
  /** Why the task is started, when its author did not start it directly. */
  cause?: TaskCause;
  /** The answers to the prompts of the actions the task runs (a retried upgrade's). */
  prompts?: PromptAnswers;
};

/** @internal */
export type RemediatorRecordEnvironmentTaskOptions = {
  tx: Knex.Transaction;
  environmentId: string;
  /** A flow of the server's pool (UPGRADE_ENVIRONMENT, RESTORE_ENVIRONMENT, CLONE_ENVIRONMENT). */
  task: TaskIntent;
  createdBy: string;
};

/**
 * The remediator: the one place that writes a change. For each deployment whose newly
 * generated instance differs from the active one, it maps the difference to a flow
 * (`remediationFlow`) and records, in the change's transaction and once each: the
 * deployment's intent and state, the flow run, the task with its planned steps, the
 * instance with its diff and its task, and the supersession of the older tasks that the
 * new one takes over from. Tasks that change no instance (stop and start components, run a
 * job, back up, restore, delete a backup, and those that action primitives start) it
 * records the same way, with the state the task puts the deployment in; and the tasks of
 * whole environments, whose flows run in the server's pool.
 *
 * @internal
 */
export interface Remediator {
  /** Records a change; returns what it redeploys, the intent's deletion first. */
  remediate(options: RemediatorRemediateOptions): Promise<Redeployment[]>;

  /** Records a task without a new instance, its flow run, and the state it puts the deployment in. */
  recordTask(
    options: RemediatorRecordTaskOptions,
  ): Promise<{ task: Task; flowRun: FlowRun }>;

  /**
   * Records an environment task (the parent task of an environment operation) and its flow
   * run in the server's pool, whose steps start the deployments' tasks.
   */
  recordEnvironmentTask(
    options: RemediatorRecordEnvironmentTaskOptions,
  ): Promise<{ task: Task; flowRun: FlowRun }>;
}
