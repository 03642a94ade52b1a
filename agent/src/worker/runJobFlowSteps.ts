import { RUN_JOB_STEP } from '@styrmin/plugin-styrmin-common';
import { executeCommands } from '../actions/executeCommands';
import { shellCommandLine } from '../actions/shellCommandLine';
import { ComponentFlowDeps } from './componentFlowSteps';
import { FlowStepRunners } from './StepRunner';

/**
 * The one step of RUN_JOB: the run's command runs in the deployment's action Job by the
 * rules of execute_commands (executeCommands: its name, labels and the deletion of an
 * ended Job; the image and environment of the component's container as its workload runs
 * now), read from the deployment's StyrminDeployment resource. Its Job is labelled
 * `styrmin.io/job-kind=run-job`, so that it is told apart from the Jobs of driver actions,
 * which delete it once it has ended as it deletes theirs. The step ends with the command's
 * output, failed or not, whose end the server keeps with secrets redacted.
 */
export function runJobFlowSteps(context: ComponentFlowDeps): FlowStepRunners {
  const { run } = context;
  return name =>
    name === RUN_JOB_STEP
      ? {
          run: async signal => {
            const { job, deployment, task } = run.run;
            if (!job) {
              throw new Error('Flow RUN_JOB came without its job');
            }
            const resource = await context.deployments.read(deployment.id);
            if (!resource) {
              throw new Error(
                `Deployment ${deployment.id} has no StyrminDeployment resource yet: there is no workload to run a job in`,
              );
            }
            return executeCommands(
              {
                kubeConfig: context.kubeConfig,
                spec: resource.spec,
                taskId: task.id,
                kind: 'run-job',
                signal,
                note: line => run.noteStep(RUN_JOB_STEP, line),
                pollIntervalMs: context.pollIntervalMs,
              },
              {
                component: job.component,
                commands: [shellCommandLine(job.command)],
                timeoutSeconds: job.timeoutSeconds,
              },
            );
          },
        }
      : undefined;
}
