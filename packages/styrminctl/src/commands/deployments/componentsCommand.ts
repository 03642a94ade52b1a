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
 * `styrminctl deployments stop|start`: a task that stops or starts components. The
 * components that the API already reports in that state are left out, and said so: when
 * none is left, no task starts. A name the deployment does not have goes to the server,
 * which refuses it.
 */
export function registerComponentsCommand(
  deployments: Command,
  context: CommandRuntime,
  verb: 'stop' | 'start',
  description: string,
): void {
  const done = verb === 'stop' ? 'stopped' : 'started';
  waitOptions(
    expectedVersionOption(
      deploymentArgument(
        deployments.command(verb).description(description),
      ).requiredOption(
        '--component <name>',
        `a component to ${verb}; repeat for more`,
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
      const observed = await client.deploymentObservedState(deployment.id);
      const isStopped = new Map(
        observed?.components.map(component => [
          component.name,
          component.stopped,
        ]),
      );
      const already = options.component.filter(
        name => isStopped.get(name) === (verb === 'stop'),
      );
      const components = options.component.filter(
        name => !already.includes(name),
      );
      if (already.length > 0) {
        context.notice(
          `Already ${done}: ${already.join(', ')}${
            components.length === 0 ? '; no task started' : ''
          }`,
        );
      }
      if (components.length === 0) {
        context.print(
          { deployment, task: null },
          { table: deploymentRow(deployment) },
        );
        return;
      }
      const input = {
        id: deployment.id,
        expectedVersion: options.expectedVersion,
        components,
      };
      const result =
        verb === 'stop'
          ? await client.stopComponents(input)
          : await client.startComponents(input);
      await followTask(context, client, result, options);
    },
  );
}
