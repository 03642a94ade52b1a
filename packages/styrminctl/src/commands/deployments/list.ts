import { DeploymentState } from '@styrmin/plugin-styrmin-common';
import { Deployment } from '@styrmin/sdk';
import { Command, Option } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { allPages } from '../../records/allPages';
import { collect } from '../../records/assignments';
import { findEnvironment } from '../../records/findRecords';
import { deploymentRow } from '../../records/views';

/** `styrminctl deployments list`: the deployments, by name, every page of them. */
export function registerListCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  deployments
    .command('list')
    .description('List the deployments, by name')
    .option('--environment <environment>', 'only those of an environment')
    .addOption(
      new Option('--state <state>', 'only those in this state (repeatable)')
        .choices(DeploymentState.values)
        .argParser(collect)
        .default([]),
    )
    .option('--driver <name>', 'only those of this driver')
    .option('--driver-version <version>', 'only those of this driver version')
    .option('--all', 'tombstones too')
    .action(
      async (options: {
        environment?: string;
        state: DeploymentState[];
        driver?: string;
        driverVersion?: string;
        all?: boolean;
      }) => {
        const client = await context.client();
        const filter = {
          environment:
            options.environment === undefined
              ? undefined
              : (await findEnvironment(client, options.environment)).id,
          states: options.state.length > 0 ? options.state : undefined,
          driver: options.driver,
          driverVersion: options.driverVersion,
          includeDeleted: options.all ?? false,
        };
        const list: Deployment[] = await allPages(after =>
          client.deployments({ first: 100, after, filter }),
        );
        context.print(list, { table: list.map(deploymentRow) });
      },
    );
}
