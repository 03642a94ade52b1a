import { outputTail } from '@styrmin/plugin-styrmin-common';
import { Clock } from '../../database/Clock';
import { DbStepErrorRow, STEP_ERRORS_TABLE } from '../tables';
import { Db } from './TaskOperationOptions';

/** Records the error of a step's failed attempt. */
export async function recordStepError(
  db: Db,
  clock: Clock,
  error: {
    stepId: string;
    attempt: number;
    message: string;
    output?: string;
  },
): Promise<void> {
  await db<DbStepErrorRow>(STEP_ERRORS_TABLE).insert({
    step_id: error.stepId,
    attempt: error.attempt,
    message: error.message,
    output_tail: error.output === undefined ? null : outputTail(error.output),
    occurred_at: clock.now(),
  });
}
