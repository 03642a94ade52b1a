/**
 * A status condition as Kubernetes objects carry them (metav1.Condition). `observedGeneration`
 * says which spec it describes: a condition of an older generation says nothing about the
 * current one.
 *
 * @public
 */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  observedGeneration?: number;
  lastTransitionTime?: string;
}

/**
 * The condition types of a StyrminDeployment: `Ready` sums up one condition per operator
 * phase, in the order the phases run.
 */
export const ConditionType = {
  Ready: 'Ready',
  NamespaceReady: 'NamespaceReady',
  ChartSourceReady: 'ChartSourceReady',
  HelmReleaseReady: 'HelmReleaseReady',
  ServicesReady: 'ServicesReady',
} as const;

/** @public */
export type ConditionType = (typeof ConditionType)[keyof typeof ConditionType];

/**
 * The reasons of the conditions, CamelCase as Kubernetes writes them. The status reporter
 * and the worker read `Ready`'s reason and message; a deployment that fails shows them.
 */
export const Reason = {
  /** True: the phase (or, for Ready, every phase) is done at this generation. */
  Reconciled: 'Reconciled',
  /** Unknown: an earlier phase has not finished, so this one has not started. */
  Pending: 'Pending',
  /** Unknown: the phase waits for Kubernetes or Flux. */
  Progressing: 'Progressing',
  /** Unknown: the deployment's namespace is still being deleted; it is created again after. */
  NamespaceTerminating: 'NamespaceTerminating',
  /** False: the spec breaks a rule; a new spec is needed. */
  InvalidSpec: 'InvalidSpec',
  /** False: the Flux source cannot fetch the chart. */
  ChartSourceFailed: 'ChartSourceFailed',
  /** False: the driver's values template failed to render with the context. */
  ValuesTemplateFailed: 'ValuesTemplateFailed',
  /** False: the chart is not available or does not render with the values. */
  ChartRenderFailed: 'ChartRenderFailed',
  /** False: COMPONENT_CONTAINER_NOT_FOUND, an override targets a container the chart lacks. */
  ComponentContainerNotFound: 'ComponentContainerNotFound',
  /** False: Flux gave up installing or upgrading the release. */
  HelmReleaseFailed: 'HelmReleaseFailed',
  /** False: the resource is being deleted; the operator cleans up. */
  Deleting: 'Deleting',
} as const;

/** @public */
export type Reason = (typeof Reason)[keyof typeof Reason];

export function findCondition(
  conditions: readonly Condition[] | undefined,
  type: string,
): Condition | undefined {
  return conditions?.find(condition => condition.type === type);
}

/**
 * The conditions with one set, in place of the one of its type. `lastTransitionTime` moves
 * only when the status changes, as Kubernetes controllers do (meta.SetStatusCondition).
 */
export function setCondition(
  conditions: readonly Condition[],
  condition: Omit<Condition, 'lastTransitionTime'>,
  now: () => Date,
): Condition[] {
  const existing = findCondition(conditions, condition.type);
  const next: Condition = {
    ...condition,
    lastTransitionTime:
      existing?.status === condition.status && existing.lastTransitionTime
        ? existing.lastTransitionTime
        : now()
            .toISOString()
            .replace(/\.\d+Z$/, 'Z'),
  };
  return existing
    ? conditions.map(c => (c === existing ? next : c))
    : [...conditions, next];
}
