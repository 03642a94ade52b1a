import { Logger } from '../logging/Logger';
import { refOf } from './refOf';
import { OperatorStep, StepEvent, StepRecorder } from './StepRecorder';
import { StyrminDeployment } from './StyrminDeployment';

/**
 * Records the steps of one reconcile of a StyrminDeployment, under the task and instance its
 * spec names, and logs each.
 */
export function stepReporter(
  steps: StepRecorder,
  deployment: StyrminDeployment,
  log: Logger,
) {
  const generation = deployment.metadata!.generation!;
  const { taskId, instanceId } = deployment.spec;
  return async (
    step: OperatorStep,
    status: StepEvent['status'],
    error?: string,
  ): Promise<void> => {
    await steps.record({
      taskId,
      instanceId,
      deployment: refOf(deployment),
      generation,
      step,
      status,
      ...(error ? { error } : {}),
    });
    const fields = { step, generation, instance: instanceId };
    if (status === 'FAILED') {
      log.error('Step failed', { ...fields, error });
    } else {
      log.info(
        status === 'RUNNING' ? 'Step started' : 'Step succeeded',
        fields,
      );
    }
  };
}
