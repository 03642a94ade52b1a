import { EnvironmentRestorePlan } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { waitOptions } from '../deployments/options';
import { followEnvironmentOperation } from './followEnvironmentOperation';

/**
 * `styrminctl environments restore`: restores an environment from one of its environment
 * backups (administrators): its configuration again, then each usable constituent in place
 * after its deployment's declared state is put back. `--preview` prints what it would
 * restore and what it could not, with the reasons, and changes nothing; `--wait` follows
 * the parent task: a constituent it could not restore fails it, named with its reason.
 */
export function registerRestoreCommand(
  environments: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    environments
      .command('restore')
      .description(
        'Restore an environment from an environment backup: its configuration, then each deployment it can restore in place (none is created or deleted)',
      )
      .argument(
        '<environment-backup>',
        'the environment backup’s id, as environment-backups list shows it',
      ),
  )
    .option(
      '--preview',
      'print what the restore would restore and what it could not; change nothing',
    )
    .action(
      async (
        id: string,
        options: { preview?: boolean; wait?: boolean; timeout?: number },
      ) => {
        const client = await context.client();
        const input = { environmentBackup: id };
        if (options.preview) {
          const plan = await client.environmentRestorePlan(input);
          context.print(plan, { tables: planTables(plan) });
          return;
        }
        await followEnvironmentOperation(
          context,
          client,
          await client.restoreEnvironment(input),
          { ...options, failed: 'see the steps for what was not restored' },
        );
      },
    );
}

/** The plan for people: what is restored, what is not and why. */
function planTables(plan: EnvironmentRestorePlan): unknown[] {
  return [
    plan.restores.length > 0
      ? plan.restores.map(constituent => ({
          restores: constituent.deploymentName,
          driver: `${constituent.driverName} ${constituent.driverVersion}`,
          app: constituent.appVersion,
          backup: constituent.backup?.id ?? null,
        }))
      : 'Nothing to restore',
    ...(plan.unrestorable.length > 0
      ? [
          plan.unrestorable.map(u => ({
            'not restored': u.deploymentName,
            reason: u.reason,
            message: u.message,
          })),
        ]
      : []),
  ];
}
