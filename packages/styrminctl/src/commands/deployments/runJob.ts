import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { followTask } from '../../tasks/followTask';
import { deploymentArgument, expectedVersionOption } from './options';

/** `styrminctl deployments run-job`: a command in a Job of a component's container. */
export function registerRunJobCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  expectedVersionOption(
    deploymentArgument(
      deployments
        .command('run-job')
        .description(
          'Run a command in a Job of a deployment, in a component container’s image and environment; put -- before the command',
        ),
    )
      .argument('<command...>', 'the program and its arguments (no shell)')
      .requiredOption(
        '--component <name>',
        'the component whose container the Job runs as',
      )
      .option(
        '--timeout <seconds>',
        'how long the Job may run (default 600, at most 3600)',
        Number,
      )
      .option(
        '--wait',
        'follow the task until its result is final; when it FAILED, show the end of the command’s output and exit non-zero',
      ),
  ).action(
    async (
      ref: string,
      command: string[],
      options: {
        component: string;
        timeout?: number;
        wait?: boolean;
        expectedVersion?: number;
      },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const result = await client.runJob({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        component: options.component,
        command,
        timeoutSeconds: options.timeout,
      });
      // --timeout is the Job's here: waiting has no limit of its own.
      await followTask(context, client, result, { wait: options.wait });
    },
  );
}
