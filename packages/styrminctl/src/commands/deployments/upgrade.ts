import { Command } from 'commander';
import { CommandContext } from '../../CommandContext';
import { PromptFlags } from '../../deployments/promptAnswers';
import { findDeployment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { changeFrom, driverVersionOf } from './changeInput';
import {
  ConfigurationOptions,
  configurationOptions,
  deploymentArgument,
  dryRunOption,
  expectedVersionOption,
  promptOptions,
  waitOptions,
} from './options';

/** `styrminctl deployments upgrade`: another version of the driver, with its upgrade hook. */
export function registerUpgradeCommand(
  deployments: Command,
  context: CommandContext,
): void {
  dryRunOption(
    waitOptions(
      expectedVersionOption(
        promptOptions(
          configurationOptions(
            deploymentArgument(
              deployments
                .command('upgrade')
                .description(
                  'Move a deployment to another version of its driver, with the upgrade hook',
                ),
            ).requiredOption(
              '--driver-version <version>',
              'the driver version',
            ),
          ),
          'upgrade',
        ),
      ),
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        PromptFlags &
        WaitOptions & {
          driverVersion: string;
          expectedVersion?: number;
        },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      const { configuration, prompts } = await changeFrom(
        context,
        options,
        await driverVersionOf(
          client,
          deployment.driverVersion.name,
          options.driverVersion,
        ),
      );
      const result = await client.upgradeDeployment({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        dryRun: options.dryRun,
        driverVersion: options.driverVersion,
        configuration,
        prompts,
      });
      await followChange(context, client, result, options);
    },
  );
}
