import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { CloneEnvironmentInput, EnvironmentClonePlan } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster, findEnvironment } from '../../records/findRecords';
import { settingsPatch } from '../../records/settingsPatch';
import { waitOptions } from '../deployments/options';
import {
  settingsFlags,
  settingsOptions,
  SettingsOptions,
} from '../settingsOptions';
import { followEnvironmentOperation } from './followEnvironmentOperation';

type CloneOptions = SettingsOptions & {
  cluster?: string;
  fromBackup?: string;
  preview?: boolean;
  wait?: boolean;
  timeout?: number;
};

/**
 * `styrminctl environments clone`: a new environment with a copy of each deployment of
 * the source (administrators), each restored from its constituent of an environment
 * backup (`--from-backup`, or one the clone takes), its applications connected to each
 * other only. `--preview` prints what it would create (exit code of VALIDATION_FAILED when
 * it has problems) and changes nothing; `--wait` follows the parent task.
 */
export function registerCloneCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    settingsOptions(
      environments
        .command('clone')
        .description(
          'Clone an environment into a new one: its configuration with overrides on top, and each deployment restored from an environment backup',
        )
        .argument('<source>', 'the source environment’s name or id')
        .argument('<name>', 'the new environment’s name (a DNS label)')
        .option(
          '--cluster <cluster>',
          'the new environment’s cluster (name or id); the source’s by default',
        )
        .option(
          '--from-backup <environment-backup>',
          'clone from this environment backup of the source; one is taken for the clone by default',
        ),
      'override',
    ),
  )
    .option('--preview', 'print what the clone would create; change nothing')
    .action(async (sourceRef: string, name: string, options: CloneOptions) => {
      const client = await context.client();
      const source = await findEnvironment(client, sourceRef);
      const overrides = await settingsPatch(settingsFlags(options));
      const input: CloneEnvironmentInput = {
        source: source.id,
        name,
        cluster: options.cluster
          ? (await findCluster(client, options.cluster)).id
          : undefined,
        environmentBackup: options.fromBackup,
        overrides: Object.keys(overrides).length > 0 ? overrides : undefined,
      };
      if (options.preview) {
        const plan = await client.environmentClonePlan(input);
        context.print(plan, { tables: planTables(plan) });
        if (plan.problems.length > 0) {
          throw new StyrminError(
            'VALIDATION_FAILED',
            `Environment ${
              source.name
            } cannot be cloned into ${name}: ${plan.problems.join('; ')}`,
          );
        }
        return;
      }
      await followEnvironmentOperation(
        context,
        client,
        await client.cloneEnvironment(input),
        { ...options, failed: 'see the steps for what the clone did' },
      );
    });
}

/** The plan for people: the new environment, the deployments it creates, the problems. */
function planTables(plan: EnvironmentClonePlan): unknown[] {
  return [
    {
      clone: plan.source.name,
      into: plan.name,
      cluster: plan.cluster.name,
      from: plan.environmentBackup?.id ?? 'an environment backup taken first',
    },
    plan.deployments.length > 0
      ? plan.deployments.map(d => ({
          deployment: d.name,
          driver: `${d.driverName} ${d.driverVersion}`,
          app: d.appVersion,
        }))
      : 'No deployment to clone',
    ...plan.problems.map(problem => `Problem: ${problem}`),
  ];
}
