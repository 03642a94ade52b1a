import { ConditionType, findCondition, Reason } from './conditions';
import { OperatorStep } from './OperatorStep';
import { StyrminDeployment } from './StyrminDeployment';

/** @public */
export type PhaseStepStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED';

/** What the status says of one operator step. */
export interface ObservedPhaseStep {
  step: OperatorStep;
  status: PhaseStepStatus;
  /** Why it failed: the condition's message, readable and without secret values. */
  error?: string;
  /**
   * With SUCCEEDED: what the phase did, the condition's message (`Namespace styrmin-… exists`,
   * the HelmRelease's revision): the step's line.
   */
  message?: string;
}

/** The condition of each operator phase, by its step, in the order the phases run. */
export const PHASE_CONDITIONS: ReadonlyArray<[OperatorStep, ConditionType]> = [
  [OperatorStep.EnsureNamespace, ConditionType.NamespaceReady],
  [OperatorStep.ApplyChartSource, ConditionType.ChartSourceReady],
  [OperatorStep.InstallOrUpgradeHelmRelease, ConditionType.HelmReleaseReady],
  [OperatorStep.ApplyServices, ConditionType.ServicesReady],
];

/**
 * The operator steps of the resource's current generation, as its status conditions say
 * them: the one channel from the operator's phases to the steps of a task. A phase's
 * condition at the resource's generation is `True` when its step succeeded, `False` when it
 * failed, and `Unknown` while it runs (`Pending`: not started, so no step). A condition of
 * an older generation says nothing about this one.
 */
export function observePhaseSteps(
  resource: StyrminDeployment,
): ObservedPhaseStep[] {
  const generation = resource.metadata?.generation;
  const conditions = resource.status?.conditions;
  return PHASE_CONDITIONS.flatMap(([step, type]): ObservedPhaseStep[] => {
    const condition = findCondition(conditions, type);
    if (!condition || condition.observedGeneration !== generation) {
      return [];
    }
    if (condition.status === 'True') {
      return [
        {
          step,
          status: 'SUCCEEDED',
          ...(condition.message ? { message: condition.message } : {}),
        },
      ];
    }
    if (condition.status === 'False') {
      return [{ step, status: 'FAILED', error: condition.message }];
    }
    return condition.reason === Reason.Pending
      ? []
      : [{ step, status: 'RUNNING' }];
  });
}

/**
 * The reports that bring a step from what was reported of it to what is observed: a step
 * starts before it ends, whether or not it was seen running, and an ended step stays ended.
 */
export function phaseStepReports(
  reported: PhaseStepStatus | undefined,
  observed: PhaseStepStatus,
): PhaseStepStatus[] {
  if (reported === 'SUCCEEDED' || reported === 'FAILED') {
    return [];
  }
  const start: PhaseStepStatus[] = reported === 'RUNNING' ? [] : ['RUNNING'];
  return observed === 'RUNNING' ? start : [...start, observed];
}
