import { Logger } from '../logging/Logger';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import { PhaseStepStatus } from '../styrminDeployment/phaseSteps';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';

/**
 * Logs the steps of one reconcile of a StyrminDeployment as its phases start and end, under
 * the generation and instance its spec names. The steps reach the task through the status
 * conditions the reconcile writes (`observePhaseSteps`), not through this log.
 */
export function stepLogger(deployment: StyrminDeployment, log: Logger) {
  const fields = {
    generation: deployment.metadata!.generation!,
    instance: deployment.spec.instanceId,
  };
  return (step: OperatorStep, status: PhaseStepStatus, error?: string) => {
    if (status === 'FAILED') {
      log.error('Step failed', { ...fields, step, error });
    } else {
      log.info(status === 'RUNNING' ? 'Step started' : 'Step succeeded', {
        ...fields,
        step,
      });
    }
  };
}
