import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster } from '../../records/findRecords';
import { AGENT_TOKEN_NOTICE } from './agentToken';

/** `styrminctl clusters rotate-token`: a new agent token, shown once. */
export function registerRotateTokenCommand(
  clusters: Command,
  context: CommandRuntime,
): void {
  clusters
    .command('rotate-token')
    .description(
      'Issue a new agent token, shown this once; the old one stops working at once',
    )
    .argument('<cluster>', 'its name or id')
    .action(async (ref: string) => {
      const client = await context.client();
      const cluster = await findCluster(client, ref);
      const result = await client.rotateAgentToken(cluster.id);
      context.print(result, {
        table: { name: result.cluster.name, agentToken: result.agentToken },
      });
      context.notice(AGENT_TOKEN_NOTICE);
    });
}
