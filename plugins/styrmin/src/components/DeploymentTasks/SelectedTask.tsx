import { EmptyState, InfoCard } from '@backstage/core-components';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { LoadedContent } from '../LoadedContent';
import { TaskHeading, TaskStepTree } from '../TaskStepTree';
import { TaskCauseText } from './TaskCauseText';
import { RetryTask } from './RetryTask';
import { TaskJobText } from './TaskJobText';

/**
 * One task as a tree of its steps, with the tasks they started nested under them, read
 * again on each change announced on `channel` (its deployment's or its environment's):
 * what a job ran, and Retry for a deployment's failed task.
 */
export const SelectedTask = ({
  channel,
  taskId,
}: {
  channel: string;
  taskId: string;
}) => {
  const state = useLiveStyrminApi(channel, api => api.getTaskTree(taskId), [
    taskId,
  ]);
  return (
    <LoadedContent
      state={state}
      missing={<EmptyState missing="data" title="There is no such task" />}
    >
      {tree => (
        <InfoCard title={<TaskHeading task={tree} />}>
          <TaskCauseText cause={tree.cause} />
          <TaskJobText job={tree.job} />
          {tree.deployment && <RetryTask task={tree} />}
          <TaskStepTree task={tree} />
        </InfoCard>
      )}
    </LoadedContent>
  );
};
