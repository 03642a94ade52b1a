import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { StyrminClient } from '@styrmin/sdk';
import { CommandRuntime } from '../../CommandRuntime';
import { configurationPatch } from '../../deployments/configurationPatch';
import { checkOneStdinSecret } from '../../deployments/flagValues';
import { PromptFlags, promptAnswers } from '../../deployments/promptAnswers';
import { ConfigurationOptions } from './options';

/**
 * A driver version, whose parameters type the values of `--set` and whose actions' prompts
 * type those of `--prompt`.
 */
export async function driverVersionOf(
  client: StyrminClient,
  name: string,
  version: string,
) {
  const driverVersion = await client.driverVersion({ name, version });
  if (!driverVersion) {
    throw new StyrminError(
      'NOT_FOUND',
      `Driver version ${name} ${version} is not loaded`,
    );
  }
  return driverVersion;
}

type DriverVersion = Awaited<ReturnType<typeof driverVersionOf>>;

/** A change's configuration patch, typed by the driver version's parameters. */
export function patchFrom(
  context: CommandRuntime,
  options: ConfigurationOptions,
  { parameters }: DriverVersion,
) {
  return configurationPatch(options, {
    parameters,
    readStdin: () => context.readStdin(),
    env: context.env,
  });
}

/** A change's configuration patch and prompt answers, with stdin read at most once. */
export async function changeFrom(
  context: CommandRuntime,
  options: ConfigurationOptions & PromptFlags,
  driverVersion: DriverVersion,
) {
  checkOneStdinSecret({
    '--set-secret': options.setSecret,
    '--prompt-secret': options.promptSecret,
  });
  return {
    configuration: await patchFrom(context, options, driverVersion),
    prompts: await promptAnswers(options, {
      actions: driverVersion.actions,
      readStdin: () => context.readStdin(),
      env: context.env,
    }),
  };
}
