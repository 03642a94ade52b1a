import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { driverVersionOf, patchFrom } from './changeInput';
import {
  ConfigurationOptions,
  configurationOptions,
  deploymentArgument,
  dryRunOption,
  expectedVersionOption,
  waitOptions,
} from './options';

/** `styrminctl deployments edit`: a merge patch of the configuration. */
export function registerEditCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  dryRunOption(
    waitOptions(
      expectedVersionOption(
        configurationOptions(
          deploymentArgument(
            deployments
              .command('edit')
              .description(
                'Change a deployment’s configuration; nothing is stored when its instance stays the same',
              ),
          ),
        ),
      ),
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        WaitOptions & { expectedVersion?: number },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const { name, version } = deployment.driverVersion;
      const result = await client.editDeployment({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        dryRun: options.dryRun,
        configuration: await patchFrom(
          context,
          options,
          await driverVersionOf(client, name, version),
        ),
      });
      await followChange(context, client, result, options);
    },
  );
}
