import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { settingsPatch } from '../../records/settingsPatch';
import { clusterView } from '../../records/views';
import {
  settingsFlags,
  SettingsOptions,
  settingsOptions,
} from '../settingsOptions';
import { AGENT_TOKEN_NOTICE } from './agentToken';

/** `styrminctl clusters create`: registers a cluster and prints its agent token once. */
export function registerCreateCommand(
  clusters: Command,
  context: CommandRuntime,
): void {
  settingsOptions(
    clusters
      .command('create')
      .description(
        'Register a cluster; prints its agent token, which is shown this once',
      )
      .argument('<name>', 'the cluster name, a DNS label'),
    'setting',
  ).action(async (name: string, options: SettingsOptions) => {
    const client = await context.client();
    const settings = await settingsPatch(settingsFlags(options));
    const result = await client.registerCluster({ name, settings });
    context.print(result, {
      table: { ...clusterView(result.cluster), agentToken: result.agentToken },
    });
    context.notice(AGENT_TOKEN_NOTICE);
  });
}
