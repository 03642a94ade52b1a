/**
 * What a step that ran a command reports with its end.
 *
 * @public
 */
export interface StepRunResult {
  output?: string;
}

/**
 * How a flow carries out one step of its task.
 *
 * @public
 */
export interface StepRunner {
  /**
   * Carries the step out; what it resolves with goes with the step's end: the output of the
   * command it ran (a run_job task's Job), whose end the server keeps.
   */
  run(signal: AbortSignal): Promise<StepRunResult | void>;
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
