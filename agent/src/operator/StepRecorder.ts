import { OPERATOR_PHASE_STEPS } from '@styrmin/plugin-styrmin-common';

const [
  EnsureNamespace,
  ApplyChartSource,
  InstallOrUpgradeHelmRelease,
  ApplyServices,
] = OPERATOR_PHASE_STEPS;

/**
 * The operator phases, each one step of the task that wrote the StyrminDeployment's spec, in
 * the order they run. The names are the planned steps' (`OPERATOR_PHASE_STEPS`), so that the
 * server finds each step of the task by its name.
 *
 * @public
 */
export const OperatorStep = {
  EnsureNamespace,
  ApplyChartSource,
  InstallOrUpgradeHelmRelease,
  ApplyServices,
} as const;

/** @public */
export type OperatorStep = (typeof OperatorStep)[keyof typeof OperatorStep];

/**
 * A step that started or ended. The operator reports each change once per reconcile that
 * sees it, and may report one again after a restart or a failed status write: a recorder
 * treats a report it already has (same task, instance, generation, step and status) as done.
 *
 * @public
 */
export interface StepEvent {
  /** The task whose operator phases these are; absent for a resource written by hand. */
  taskId?: string;
  instanceId: string;
  /** The StyrminDeployment, `namespace/name`, and the generation of its spec. */
  deployment: string;
  generation: number;
  step: OperatorStep;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  /** Why it failed: the Ready reason's message, readable and without secret values. */
  error?: string;
}

/**
 * Where the operator records its steps. The agent protocol reports them to the server; the
 * in-memory recorder serves the tests.
 *
 * @public
 */
export interface StepRecorder {
  record(event: StepEvent): Promise<void>;
}
