import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { TimelineEntry } from '@styrmin/sdk';
import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import { diffRows } from '../../records/views';
import { deploymentArgument } from './options';
import { TIMELINE_PAGE } from './timeline';

/** `styrminctl deployments diff`: an instance's reconciliation diff to the one before. */
export function registerDiffCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  deploymentArgument(
    deployments
      .command('diff')
      .description(
        'Show the reconciliation diff of an instance to the one before it (default: the newest)',
      ),
  )
    .option('--instance <number>', 'the instance’s number', Number)
    .action(async (ref: string, options: { instance?: number }) => {
      const client = await context.client();
      const { id } = await findDeployment(client, ref);
      let found: TimelineEntry | undefined;
      for (let after: string | undefined; !found; ) {
        const page = await client.deploymentTimeline({
          id,
          first: TIMELINE_PAGE,
          after,
        });
        found = page?.nodes.find(
          instance =>
            options.instance === undefined ||
            instance.number === options.instance,
        );
        if (!page?.pageInfo.hasNextPage || !page.pageInfo.endCursor) {
          break;
        }
        after = page.pageInfo.endCursor;
      }
      if (!found) {
        throw new StyrminError(
          'NOT_FOUND',
          options.instance === undefined
            ? `Deployment ${ref} has no instance`
            : `Deployment ${ref} has no instance ${options.instance}`,
        );
      }
      context.print(found.diff, { table: diffRows(found.diff) });
    });
}
