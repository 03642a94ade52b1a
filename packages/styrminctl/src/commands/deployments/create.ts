import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { PromptFlags } from '../../deployments/promptAnswers';
import { findEnvironment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import { UsageError } from '../../UsageError';
import { changeFrom, driverVersionOf } from './changeInput';
import {
  ConfigurationOptions,
  configurationOptions,
  dryRunOption,
  promptOptions,
  waitOptions,
} from './options';

/** `<environment>/<name>` as its two parts. */
function splitDeploymentName(ref: string): [string, string] {
  const [environment, name, ...rest] = ref.split('/');
  if (!environment || !name || rest.length > 0) {
    throw new UsageError(
      `Name the new deployment <environment>/<name>; got "${ref}"`,
    );
  }
  return [environment, name];
}

/** `styrminctl deployments create`: a deployment, its first instance and its task. */
export function registerCreateCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  dryRunOption(
    waitOptions(
      promptOptions(
        configurationOptions(
          deployments
            .command('create')
            .description(
              'Create a deployment: its first instance and the task that applies it',
            )
            .argument('<environment/name>', 'its environment and its name')
            .requiredOption('--driver <name>', 'the application driver')
            .option(
              '--driver-version <version>',
              'the driver version (default: the latest loaded)',
            ),
        ),
        'setup',
      ),
    ),
  ).action(
    async (
      ref: string,
      options: ConfigurationOptions &
        PromptFlags &
        WaitOptions & {
          driver: string;
          driverVersion?: string;
        },
    ) => {
      const [environmentName, name] = splitDeploymentName(ref);
      const client = await context.client();
      const environment = await findEnvironment(client, environmentName);
      const version =
        options.driverVersion ??
        (await client.driver(options.driver))?.latestVersion.version;
      if (!version) {
        throw new StyrminError(
          'NOT_FOUND',
          `No version of driver ${options.driver} is loaded`,
        );
      }
      const { configuration, prompts } = await changeFrom(
        context,
        options,
        await driverVersionOf(client, options.driver, version),
      );
      const result = await client.createDeployment({
        environment: environment.id,
        name,
        driver: options.driver,
        driverVersion: version,
        configuration,
        prompts,
        dryRun: options.dryRun,
      });
      await followChange(context, client, result, options);
    },
  );
}
