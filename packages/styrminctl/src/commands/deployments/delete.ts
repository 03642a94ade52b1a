import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { yesOption } from '../confirmation';
import {
  deploymentArgument,
  expectedVersionOption,
  waitOptions,
} from './options';

/** `styrminctl deployments delete`: the workload goes, the record stays as a tombstone. */
export function registerDeleteCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  yesOption(
    waitOptions(
      expectedVersionOption(
        deploymentArgument(
          deployments
            .command('delete')
            .description(
              'Delete a deployment: its workload goes, its record stays as a tombstone',
            ),
        ),
      ),
    ),
  ).action(
    async (
      ref: string,
      options: WaitOptions & { expectedVersion?: number; yes?: boolean },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const name = `${deployment.environment.name}/${deployment.name}`;
      await context.confirm(
        `Delete deployment ${name} and its workload?`,
        options,
      );
      const result = await client.deleteDeployment({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
      });
      await followChange(context, client, result, options);
    },
  );
}
