import {
  DriverSpec,
  PromptAnswers,
  RemediationFlow,
} from '@styrmin/plugin-styrmin-common';
import { Cluster } from '../clusters/ClusterStore';
import { TransactionOption } from '../database/TransactionOption';
import { FlowRun } from '../flows/FlowRunStore';
import { Instance } from '../instances/InstanceStore';
import { Task } from '../tasks/TaskStore';

/** @internal */
export type RemediatorRemediateOptions = TransactionOption & {
  deploymentId: string;
  /** The cluster of the deployment: its agent's work pool runs the flow. */
  cluster: Cluster;
  /** The instance that was active before the change. */
  active?: Instance;
  /** The newly generated instance; absent for a deletion. */
  instance?: Instance;
  /** The driver version of the new instance (of the active one for a deletion). */
  driver: DriverSpec;
  createdBy: string;
  /** The answers to the prompts of the actions the flow runs, kept with the task. */
  prompts?: PromptAnswers;
};

/**
 * What the remediator started for a change.
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
 * The remediator: maps the difference between a newly generated instance and the active
 * one to a flow (`remediationFlow`), and records what acts on it, in the caller's
 * transaction, the one that stored the new instance.
 *
 * @internal
 */
export interface Remediator {
  remediate(options: RemediatorRemediateOptions): Promise<Remediation>;
}
