import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  EnvironmentUpgradePlan,
  StyrminClient,
  UpgradeEnvironmentInput,
} from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { collect } from '../../records/assignments';
import {
  findDeployment,
  findEnvironment,
  isWholeId,
} from '../../records/findRecords';
import { taskSummary } from '../../records/views';
import { TaskFailedError, waitForTaskResult } from '../../tasks/followTask';
import { formatTaskTree } from '../../tasks/formatTaskTree';
import { waitOptions } from '../deployments/options';

type UpgradeOptions = {
  driverVersion: string[];
  backupFirst?: boolean;
  allowDowngrade?: boolean;
  preview?: boolean;
  wait?: boolean;
  timeout?: number;
};

/**
 * `styrminctl environments upgrade`: upgrades the deployments of an environment one after
 * the other, each after those it connects to, under one parent task. `--preview` prints
 * the plan in its order and changes nothing (exit code of VALIDATION_FAILED when it has
 * problems); `--wait` follows the parent task and prints its step tree, the deployments'
 * upgrade tasks under their steps.
 */
export function registerUpgradeCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    environments
      .command('upgrade')
      .description(
        "Upgrade an environment's deployments to their drivers' newest versions (or named ones), each after those it connects to, under one parent task",
      )
      .argument('<environment>', 'the environment’s name or id'),
  )
    .option(
      '--driver-version <deployment=version>',
      'upgrade this deployment (its name or id) to this driver version instead of the newest',
      collect,
      [],
    )
    .option(
      '--backup-first',
      'take an environment backup first; the upgrades start once each constituent completed',
    )
    .option(
      '--allow-downgrade',
      'allow a named driver version older than the deployment’s (refused otherwise)',
    )
    .option(
      '--preview',
      'print what the upgrade would do, in order; change nothing',
    )
    .action(async (ref: string, options: UpgradeOptions) => {
      const client = await context.client();
      const environment = await findEnvironment(client, ref);
      const input: UpgradeEnvironmentInput = {
        environment: environment.id,
        versions: await namedVersions(
          client,
          environment.name,
          options.driverVersion,
        ),
        backupFirst: options.backupFirst ?? false,
        allowDowngrade: options.allowDowngrade ?? false,
      };
      if (options.preview) {
        const plan = await client.environmentUpgradePlan(input);
        context.print(plan, { tables: planTables(plan) });
        if (plan.problems.length > 0) {
          throw new StyrminError(
            'VALIDATION_FAILED',
            `Environment ${
              environment.name
            } cannot be upgraded: ${plan.problems.join('; ')}`,
          );
        }
        return;
      }
      const { task } = await client.upgradeEnvironment(input);
      if (!options.wait) {
        context.print(task, {
          table: {
            environment: environment.name,
            id: task.id,
            task: taskSummary(task),
          },
        });
        return;
      }
      const tree = await waitForTaskResult(context, client, task, options);
      context.print(tree, { tables: [formatTaskTree(tree).trimEnd()] });
      if (tree.result === 'FAILED') {
        throw new TaskFailedError(
          `Task ${tree.id} (${tree.type}) FAILED: the upgrades after the failed one did not run`,
        );
      }
    });
}

/** `--driver-version infrahub=1.1.0` as the deployments' ids with their versions. */
async function namedVersions(
  client: StyrminClient,
  environmentName: string,
  assignments: string[],
): Promise<UpgradeEnvironmentInput['versions']> {
  const versions = [];
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    if (equals <= 0 || equals === assignment.length - 1) {
      throw new StyrminError(
        'VALIDATION_FAILED',
        `--driver-version takes <deployment>=<version>, not ${assignment}`,
      );
    }
    const name = assignment.slice(0, equals);
    const deployment = await findDeployment(
      client,
      isWholeId(name) ? name : `${environmentName}/${name}`,
    );
    versions.push({
      deployment: deployment.id,
      driverVersion: assignment.slice(equals + 1),
    });
  }
  return versions.length > 0 ? versions : undefined;
}

/** The plan for people: the upgrades in order, what is left out and why, the problems. */
function planTables(plan: EnvironmentUpgradePlan): unknown[] {
  return [
    plan.upgrades.length > 0
      ? plan.upgrades.map(upgrade => ({
          position: upgrade.position,
          deployment: upgrade.deployment.name,
          from: upgrade.fromVersion,
          to: upgrade.toVersion,
          after: upgrade.after.join(', '),
        }))
      : 'No deployment to upgrade',
    ...(plan.backupFirst ? ['An environment backup is taken first'] : []),
    ...(plan.skipped.length > 0
      ? [
          plan.skipped.map(skipped => ({
            skipped: skipped.deploymentName,
            reason: skipped.reason,
          })),
        ]
      : []),
    ...plan.problems.map(problem => `Problem: ${problem}`),
  ];
}
