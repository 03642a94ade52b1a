import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { followChange, WaitOptions } from '../../tasks/followChange';
import {
  deploymentArgument,
  expectedVersionOption,
  waitOptions,
} from './options';

type RollbackOptions = WaitOptions & {
  toInstance: number;
  withData?: boolean;
  expectedVersion?: number;
};

/**
 * `styrminctl deployments rollback`: back to an earlier instance (its number in
 * `deployments timeline`), its declared state applied again through the normal
 * reconciliation; `--with-data` restores its restore point in place too.
 */
export function registerRollbackCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    expectedVersionOption(
      deploymentArgument(
        deployments
          .command('rollback')
          .description(
            'Roll a deployment back to an earlier instance: its driver version and configuration, with its data too (--with-data) when an upgrade took a restore point of it',
          ),
      )
        .requiredOption(
          '--to-instance <n>',
          'the number of the earlier instance (deployments timeline lists them)',
          Number,
        )
        .option(
          '--with-data',
          'restore the earlier instance’s restore point in place too (refused without one)',
        ),
    ),
  ).action(async (ref: string, options: RollbackOptions) => {
    const client = await context.client();
    const deployment = await findDeployment(client, ref);
    const result = await client.rollbacks.rollback({
      deployment: deployment.id,
      toInstance: options.toInstance,
      withData: options.withData ?? false,
      expectedVersion: options.expectedVersion,
    });
    await followChange(context, client, result, options);
  });
}
