import { TaskStoreRecordStepLinesOptions } from '../TaskStore';
import { DbStepLineRow, STEP_LINES_TABLE } from '../tables';
import { TaskOperationOptions } from './TaskOperationOptions';

/** `TaskStore.recordStepLines`: the step's lines become these, in their order. */
export async function recordStepLines(
  options: TaskOperationOptions<TaskStoreRecordStepLinesOptions>,
): Promise<void> {
  const { tx, stepId, lines } = options;
  await tx<DbStepLineRow>(STEP_LINES_TABLE).where({ step_id: stepId }).delete();
  if (lines.length > 0) {
    await tx<DbStepLineRow>(STEP_LINES_TABLE).insert(
      lines.map((line, position) => ({ step_id: stepId, position, line })),
    );
  }
}
