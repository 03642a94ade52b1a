import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { allPages } from '../../records/allPages';
import { findDeployment } from '../../records/findRecords';
import { instanceRows } from '../../records/views';
import { deploymentArgument } from './options';

/**
 * How many instances a page of the timeline holds: diffs are long, so pages stay well
 * inside the server's query cost.
 */
export const TIMELINE_PAGE = 50;

/** `styrminctl deployments timeline`: the instances, newest first. */
export function registerTimelineCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  deploymentArgument(
    deployments
      .command('timeline')
      .description(
        'List a deployment’s instances, newest first: who changed what, when',
      ),
  ).action(async (ref: string) => {
    const client = await context.client();
    const { id } = await findDeployment(client, ref);
    const instances = await allPages(
      async after =>
        (await client.deploymentTimeline({
          id,
          first: TIMELINE_PAGE,
          after,
        })) ?? {
          nodes: [],
          pageInfo: { endCursor: null, hasNextPage: false },
        },
    );
    context.print(instances, { table: instanceRows(instances) });
  });
}
