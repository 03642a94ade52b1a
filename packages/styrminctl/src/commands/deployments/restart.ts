import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { collect } from '../../records/assignments';
import { findDeployment } from '../../records/findRecords';
import { deploymentRow } from '../../records/views';
import { followTask } from '../../tasks/followTask';
import {
  deploymentArgument,
  expectedVersionOption,
  waitOptions,
} from './options';

/**
 * `styrminctl deployments restart`: a restart_components task, a rolling restart of
 * components as `kubectl rollout restart` does. Without `--component`, every component
 * that is not stopped (a stopped one has no pod to replace); a name the deployment does not
 * have goes to the server, which refuses it.
 */
export function registerRestartCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  waitOptions(
    expectedVersionOption(
      deploymentArgument(
        deployments
          .command('restart')
          .description(
            'Restart components of a deployment as kubectl rollout restart does: their pods are replaced one by one',
          ),
      ).option(
        '--component <name>',
        'a component to restart; repeat for more (default: every component that is not stopped)',
        collect,
        [],
      ),
    ),
  ).action(
    async (
      ref: string,
      options: {
        component: string[];
        wait?: boolean;
        timeout?: number;
        expectedVersion?: number;
      },
    ) => {
      const client = await context.client();
      const deployment = await findDeployment(client, ref);
      let components = options.component;
      if (components.length === 0) {
        const observed = await client.deploymentObservedState(deployment.id);
        components = (observed?.components ?? [])
          .filter(component => !component.stopped)
          .map(component => component.name);
      }
      if (components.length === 0) {
        context.notice('No component runs; no task started');
        context.print(
          { deployment, task: null },
          { table: deploymentRow(deployment) },
        );
        return;
      }
      const result = await client.restartComponents({
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        components,
      });
      await followTask(context, client, result, options);
    },
  );
}
