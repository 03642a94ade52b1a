import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { printPlan } from '../plans/printPlan';
import { driverVersionOf, patchFrom } from './changeInput';
import {
  ConfigurationOptions,
  configurationOptions,
  deploymentArgument,
  dryRunOption,
  expectedVersionOption,
  planOption,
  waitOptions,
} from './options';

/** `styrminctl deployments edit`: a merge patch of the configuration. */
export function registerEditCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  planOption(
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
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        WaitOptions & { expectedVersion?: number; plan?: boolean },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const { name, version } = deployment.driverVersion;
      const input = {
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        configuration: await patchFrom(
          context,
          options,
          await driverVersionOf(client, name, version),
        ),
      };
      if (options.plan) {
        printPlan(context, await client.plans.edit(input));
        return;
      }
      const result = await client.editDeployment({
        ...input,
        dryRun: options.dryRun,
      });
      await followChange(context, client, result, options);
    },
  );
}
