import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findCluster } from '../../records/findRecords';
import { settingsPatch } from '../../records/settingsPatch';
import { clusterView, redeploymentRows } from '../../records/views';
import {
  settingsFlags,
  SettingsOptions,
  settingsOptions,
} from '../settingsOptions';

/** `styrminctl clusters update`: settings, and the redeployments they cause. */
export function registerUpdateCommand(
  clusters: Command,
  context: CommandRuntime,
): void {
  settingsOptions(
    clusters
      .command('update')
      .description(
        'Change settings and redeploy the deployments whose context they change; --preview shows which, changing nothing',
      )
      .argument('<cluster>', 'its name or id')
      .option('--preview', 'show what would be redeployed, and change nothing')
      .option(
        '--expected-version <n>',
        'refuse the change unless the cluster is at this version',
        Number,
      ),
    'setting',
  ).action(
    async (
      ref: string,
      options: SettingsOptions & {
        preview?: boolean;
        expectedVersion?: number;
      },
    ) => {
      const client = await context.client();
      const cluster = await findCluster(client, ref);
      const input = {
        id: cluster.id,
        expectedVersion: options.expectedVersion,
        settings: await settingsPatch(settingsFlags(options)),
      };
      if (options.preview) {
        const preview = await client.previewClusterUpdate(input);
        context.print(preview, { table: redeploymentRows(preview) });
        return;
      }
      const result = await client.updateCluster(input);
      context.print(result, {
        tables: [
          { ...clusterView(result.cluster), changed: result.changed },
          redeploymentRows(result.redeployments),
        ],
      });
    },
  );
}
