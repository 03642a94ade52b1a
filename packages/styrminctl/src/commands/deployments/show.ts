import { Command } from 'commander';
import { CommandRuntime } from '../../CommandRuntime';
import { findDeployment } from '../../records/findRecords';
import {
  componentRows,
  observedStatusView,
  podRows,
  serviceRows,
} from '../../records/observedViews';
import { deploymentView } from '../../records/views';
import { deploymentArgument } from './options';

/**
 * `styrminctl deployments show`: a deployment with its active instance and what the
 * agent observed (`observed`: its status, components, pods and services).
 */
export function registerShowCommand(
  deployments: Command,
  context: CommandRuntime,
): void {
  deploymentArgument(
    deployments
      .command('show')
      .description(
        'Show a deployment with its active instance, observed status, components, pods and services (-o json or yaml: the context too, secrets masked)',
      ),
  ).action(async (ref: string) => {
    const client = await context.client();
    const deployment = await findDeployment(client, ref);
    const observed = await client.deploymentObservedState(deployment.id);
    if (!observed) {
      context.print(deployment, { table: deploymentView(deployment) });
      return;
    }
    const { deploymentStatus, components, pods, services } = observed;
    context.print(
      {
        ...deployment,
        observed: { deploymentStatus, components, pods, services },
      },
      {
        tables: [
          { ...deploymentView(deployment), ...observedStatusView(observed) },
          componentRows(observed),
          podRows(observed),
          serviceRows(observed),
        ],
      },
    );
  });
}
