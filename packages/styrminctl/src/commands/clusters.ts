import { Command } from 'commander';
import { CommandContext } from '../CommandContext';
import { collect } from '../records/assignments';
import { findCluster } from '../records/findRecords';
import { settingsPatch, SettingsFlags } from '../records/settingsPatch';
import { clusterView, redeploymentRows } from '../records/views';

type SettingsOptions = { set: string[]; unset: string[]; file?: string };

/** The options that set cluster settings or environment overrides. */
export function settingsOptions(command: Command, what: string): Command {
  return command
    .option(
      '--set <key=value>',
      `set a ${what} (text), dotted for nested ones: storage_class=fast, storage_classes.fast=ssd`,
      collect,
      [],
    )
    .option('--unset <key>', `remove a ${what}`, collect, [])
    .option(
      '-f, --file <file>',
      `a YAML file of ${what}s, which --set and --unset change further`,
    );
}

export const settingsFlags = (options: SettingsOptions): SettingsFlags => ({
  set: options.set,
  unset: options.unset,
  file: options.file,
});

/** `styrminctl clusters ...`: the registered clusters. */
export function registerClustersCommands(
  program: Command,
  context: CommandContext,
): void {
  const clusters = program
    .command('clusters')
    .description('Register, list, show and update clusters');

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
    context.notice(
      'The agent token is shown this once: give it to the cluster’s agent now.',
    );
  });

  clusters
    .command('list')
    .description('List the clusters')
    .action(async () => {
      const list = await (await context.client()).clusters();
      context.print(list, {
        table: list.map(cluster => ({
          name: cluster.name,
          id: cluster.id,
          workPool: cluster.workPool,
          version: cluster.version,
          agentLastSeenAt: cluster.agentLastSeenAt ?? 'never',
        })),
      });
    });

  clusters
    .command('show')
    .description('Show a cluster and its settings')
    .argument('<cluster>', 'its name or id')
    .action(async (ref: string) => {
      const cluster = await findCluster(await context.client(), ref);
      context.print(cluster, { table: clusterView(cluster) });
    });

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
      context.notice(
        'The agent token is shown this once: give it to the cluster’s agent now.',
      );
    });
}
