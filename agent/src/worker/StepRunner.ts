/**
 * How a flow carries out one step of its task.
 *
 * @public
 */
export interface StepRunner {
  run(signal: AbortSignal): Promise<void>;
  /**
   * The step's start and end are reported by what it waits for (the operator's phases),
   * not around `run`.
   */
  reportsItself?: boolean;
}

/**
 * A flow: how it carries out each step its task plans, by the step's name; undefined for a
 * step the flow does not know.
 *
 * @public
 */
export type FlowStepRunners = (stepName: string) => StepRunner | undefined;
