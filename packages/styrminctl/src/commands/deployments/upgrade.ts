import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { PromptFlags } from '../../deployments/promptAnswers';
import { findDeployment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { printPlan } from '../plans/printPlan';
import { changeFrom, driverVersionOf } from './changeInput';
import {
  ConfigurationOptions,
  configurationOptions,
  deploymentArgument,
  dryRunOption,
  expectedVersionOption,
  planOption,
  promptOptions,
  waitOptions,
} from './options';

type UpgradeOptions = ConfigurationOptions &
  PromptFlags &
  WaitOptions & {
    driverVersion: string;
    expectedVersion?: number;
    allowDowngrade?: boolean;
    dropRetired?: boolean;
    plan?: boolean;
  };

/**
 * `styrminctl deployments upgrade`: another version of the driver, with its upgrade hook.
 * A retired parameter's value goes where the new version says replaces it (the server
 * carries it over, and the answer lists it); `--drop-retired` removes every retired value
 * instead, as `--unset` does one by one.
 */
export function registerUpgradeCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  planOption(
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
              )
                .requiredOption(
                  '--driver-version <version>',
                  'the driver version',
                )
                .option(
                  '--allow-downgrade',
                  'allow a driver version older than the deployment’s (refused otherwise)',
                )
                .option(
                  '--drop-retired',
                  'remove the values of the parameters the new version retires, instead of carrying them over to what replaces them',
                ),
            ),
            'upgrade',
          ),
        ),
      ),
    ),
  ).action(async (ref: string, options: UpgradeOptions) => {
    const client = await context.client();
    const deployment = await findDeployment(client, ref);
    const target = await driverVersionOf(
      client,
      deployment.driverVersion.name,
      options.driverVersion,
    );
    const { configuration, prompts } = await changeFrom(
      context,
      options,
      target,
    );
    if (options.dropRetired) {
      const parameters = (configuration.parameters ?? {}) as Record<
        string,
        unknown
      >;
      for (const name of Object.keys(deployment.configuration.parameters)) {
        if (!target.parameters.some(p => p.name === name)) {
          parameters[name] = null;
        }
      }
      configuration.parameters = parameters;
    }
    const input = {
      id: deployment.id,
      expectedVersion: options.expectedVersion,
      driverVersion: options.driverVersion,
      allowDowngrade: options.allowDowngrade ?? false,
      configuration,
      prompts,
    };
    if (options.plan) {
      printPlan(context, await client.plans.upgrade(input));
      return;
    }
    const result = await client.upgradeDeployment({
      ...input,
      dryRun: options.dryRun,
    });
    await followChange(context, client, result, options);
  });
}
