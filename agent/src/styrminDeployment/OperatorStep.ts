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
