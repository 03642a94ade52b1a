import { InputError } from '@backstage/errors';
import {
  DeploymentState,
  maskConfiguration,
  plannedActions,
  PlannedFlow,
  plannedSteps,
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentReadPermission,
  styrminDeploymentUpdatePermission,
  styrminDriverReadPermission,
  styrminEnvironmentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { graphQLDriverVersionOf } from '../drivers/graphQLDriverVersionOf';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { callerRef } from '../callerRef';
import { isoDateFields, notStored, withPermission } from '../fieldResolvers';
import { decodeCursor, encodeCursor, pageSize } from '../pagination';
import { StyrminGraphQLContext, StyrminResolvers } from '../types';
import { InstanceStore } from '../../instances/InstanceStore';
import { DeploymentReconciler } from '../../reconciliation/DeploymentReconciler';
import {
  DeploymentChangeResult,
  Redeployment,
} from '../../reconciliation/types';
import { Task } from '../../tasks/TaskStore';
import { ComponentLifecycle } from '../../deployments/ComponentLifecycle';
import { DeploymentJobs } from '../../deployments/DeploymentJobs';
import {
  Deployment,
  DeploymentCursor,
  DeploymentStore,
  DriverVersionRef,
} from '../../deployments/DeploymentStore';

/**
 * Options of {@link createDeploymentResolvers}.
 *
 * @internal
 */
export type CreateDeploymentResolversOptions = {
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  deploymentReconciler: DeploymentReconciler;
  componentLifecycle: ComponentLifecycle;
  deploymentJobs: DeploymentJobs;
};

type ComponentsInput = {
  id: string;
  expectedVersion?: number | null;
  components: string[];
};

type RunJobInput = {
  id: string;
  expectedVersion?: number | null;
  component: string;
  command: string[];
  timeoutSeconds?: number | null;
};

type Change = {
  id: string;
  expectedVersion?: number | null;
  dryRun?: boolean | null;
};

type DeploymentFilter = {
  environment?: string | null;
  states?: DeploymentState[] | null;
  driver?: string | null;
  driverVersion?: string | null;
  includeDeleted?: boolean | null;
};

type DeploymentTaskResult = { deployment: Deployment; task: Task };

function isDeploymentCursor(value: unknown): value is DeploymentCursor {
  const cursor = value as DeploymentCursor;
  return (
    typeof cursor === 'object' &&
    cursor !== null &&
    typeof cursor.name === 'string' &&
    typeof cursor.id === 'string'
  );
}

function isInstanceCursor(value: unknown): value is { number: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger((value as { number: unknown }).number)
  );
}

/** A driver version that a record names, which must be stored. */
async function storedDriverVersion(
  context: StyrminGraphQLContext,
  ref: DriverVersionRef,
) {
  return (
    (await context.loaders.driverVersion.load(ref)) ??
    notStored(`Driver version ${ref.name} ${ref.version}`)
  );
}

/**
 * The flow that applies a change, with the driver version it deploys (for a deletion, the
 * one it removes); none when the change stores nothing.
 */
async function plannedFlowOf(
  result: DeploymentChangeResult,
  context: StyrminGraphQLContext,
): Promise<PlannedFlow | undefined> {
  if (!result.redeployment) {
    return undefined;
  }
  return {
    flowName: result.redeployment.flowName,
    driver: (await storedDriverVersion(context, result.deployment.driver)).spec,
  };
}

/**
 * The resolvers of the deployment queries and mutations, and of the `Deployment`,
 * `DeploymentChangeResult` and `Redeployment` types. A deployment's configuration goes out
 * with its secret values masked.
 *
 * @internal
 */
export function createDeploymentResolvers(
  options: CreateDeploymentResolversOptions,
): StyrminResolvers {
  const {
    environments,
    deployments,
    instances,
    deploymentReconciler: reconciler,
    componentLifecycle,
    deploymentJobs,
  } = options;
  const read = styrminDeploymentReadPermission;
  const update = styrminDeploymentUpdatePermission;
  return {
    Query: {
      deployments: withPermission(
        read,
        async (
          _parent,
          args: {
            first: number;
            after?: string | null;
            filter?: DeploymentFilter | null;
          },
          context,
        ) => {
          const filter = args.filter ?? {};
          const page = await deployments.listDeployments({
            limit: pageSize(args.first),
            after: args.after
              ? decodeCursor(args.after, isDeploymentCursor)
              : undefined,
            environmentId: filter.environment ?? undefined,
            states: filter.states ?? undefined,
            driverName: filter.driver ?? undefined,
            driverVersion: filter.driverVersion ?? undefined,
            includeDeleted: filter.includeDeleted ?? false,
          });
          for (const deployment of page.deployments) {
            context.loaders.deployment.prime(deployment.id, deployment);
          }
          const last = page.deployments.at(-1);
          return {
            nodes: page.deployments,
            pageInfo: {
              endCursor: last
                ? encodeCursor({ name: last.name, id: last.id })
                : null,
              hasNextPage: page.hasNextPage,
            },
          };
        },
      ),
      deployment: withPermission(
        read,
        async (
          _parent,
          args: { id?: string; environment?: string; name?: string },
          context,
        ) => {
          const { id, environment, name } = args;
          if (id && !environment && !name) {
            return context.loaders.deployment.load(id);
          }
          if (!id && environment && name) {
            const found = await environments.getEnvironment({
              name: environment,
            });
            return (
              found &&
              deployments.getDeployment({ environmentId: found.id, name })
            );
          }
          throw new InputError(
            'Name the deployment by its id, or by its environment and its name',
          );
        },
      ),
    },
    Mutation: {
      createDeployment: withPermission(
        styrminDeploymentCreatePermission,
        (
          _parent,
          {
            input,
          }: {
            input: {
              environment: string;
              name: string;
              driver: string;
              driverVersion: string;
              configuration: unknown;
              dryRun?: boolean | null;
              prompts?: unknown;
            };
          },
          context,
        ) =>
          reconciler.createDeployment({
            environmentId: input.environment,
            name: input.name,
            driver: { name: input.driver, version: input.driverVersion },
            configuration: input.configuration,
            prompts: input.prompts,
            createdBy: callerRef(context.credentials),
            dryRun: input.dryRun ?? false,
          }),
      ),
      editDeployment: withPermission(
        update,
        (
          _parent,
          { input }: { input: Change & { configuration: unknown } },
          context,
        ) =>
          reconciler.changeDeployment({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            configurationPatch: input.configuration,
            updatedBy: callerRef(context.credentials),
            dryRun: input.dryRun ?? false,
          }),
      ),
      upgradeDeployment: withPermission(
        update,
        (
          _parent,
          {
            input,
          }: {
            input: Change & {
              driverVersion: string;
              configuration?: unknown;
              prompts?: unknown;
            };
          },
          context,
        ) =>
          reconciler.changeDeployment({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            driverVersion: input.driverVersion,
            configurationPatch: input.configuration ?? {},
            prompts: input.prompts,
            updatedBy: callerRef(context.credentials),
            dryRun: input.dryRun ?? false,
          }),
      ),
      editComponentOverrides: withPermission(
        update,
        (
          _parent,
          {
            input,
          }: { input: Change & { component: string; overrides?: unknown } },
          context,
        ) =>
          reconciler.changeDeployment({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            configurationPatch: {
              components: { [input.component]: input.overrides ?? null },
            },
            updatedBy: callerRef(context.credentials),
            dryRun: input.dryRun ?? false,
          }),
      ),
      deleteDeployment: withPermission(
        styrminDeploymentDeletePermission,
        (_parent, { input }: { input: Change }, context) =>
          reconciler.deleteDeployment({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            deletedBy: callerRef(context.credentials),
          }),
      ),
      stopComponents: withPermission(
        update,
        (_parent, { input }: { input: ComponentsInput }, context) =>
          componentLifecycle.switchComponents({
            flowName: 'STOP_COMPONENTS',
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            components: input.components,
            createdBy: callerRef(context.credentials),
          }),
      ),
      startComponents: withPermission(
        update,
        (_parent, { input }: { input: ComponentsInput }, context) =>
          componentLifecycle.switchComponents({
            flowName: 'START_COMPONENTS',
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            components: input.components,
            createdBy: callerRef(context.credentials),
          }),
      ),
      runJob: withPermission(
        update,
        (_parent, { input }: { input: RunJobInput }, context) =>
          deploymentJobs.runJob({
            deploymentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            component: input.component,
            command: input.command,
            timeoutSeconds: input.timeoutSeconds ?? undefined,
            createdBy: callerRef(context.credentials),
          }),
      ),
    },
    Deployment: {
      ...isoDateFields<keyof Deployment>('createdAt', 'updatedAt', 'deletedAt'),
      environment: withPermission<Deployment>(
        styrminEnvironmentReadPermission,
        async (deployment, _args, context) =>
          (await context.loaders.environment.load(deployment.environmentId)) ??
          notStored(`Environment ${deployment.environmentId}`),
      ),
      driverVersion: withPermission<Deployment>(
        styrminDriverReadPermission,
        (deployment, _args, context) =>
          graphQLDriverVersionOf(context, deployment.driver),
      ),
      appVersion: (deployment: Deployment) =>
        deployment.configuration.app_version,
      configuration: withPermission<Deployment>(
        read,
        async (deployment, _args, context) =>
          maskConfiguration(
            deployment.configuration,
            (await storedDriverVersion(context, deployment.driver)).spec,
          ),
      ),
      activeInstance: withPermission<Deployment>(
        read,
        (deployment, _args, context) =>
          context.loaders.activeInstance.load(deployment.id),
      ),
      instances: withPermission<Deployment>(
        read,
        async (deployment, args: { first: number; after?: string | null }) => {
          const page = await instances.listInstances({
            deploymentId: deployment.id,
            limit: pageSize(args.first),
            before: args.after
              ? decodeCursor(args.after, isInstanceCursor).number
              : undefined,
          });
          const last = page.instances.at(-1);
          return {
            nodes: page.instances,
            pageInfo: {
              endCursor: last ? encodeCursor({ number: last.number }) : null,
              hasNextPage: page.hasNextPage,
            },
          };
        },
      ),
    },
    // What a change did is read like the deployments it did it to.
    DeploymentChangeResult: {
      deployment: withPermission<DeploymentChangeResult>(
        read,
        result => result.deployment,
      ),
      instance: withPermission<DeploymentChangeResult>(
        read,
        result => result.redeployment?.instance ?? null,
      ),
      task: withPermission<DeploymentChangeResult>(
        read,
        result => result.redeployment?.remediation?.task ?? null,
      ),
      diff: withPermission<DeploymentChangeResult>(
        read,
        result => result.redeployment?.diff ?? [],
      ),
      plannedSteps: withPermission<DeploymentChangeResult>(
        read,
        async (result, _args, context) => {
          const flow = await plannedFlowOf(result, context);
          return flow ? plannedSteps(flow) : [];
        },
      ),
      plannedActions: withPermission<DeploymentChangeResult>(
        styrminDriverReadPermission,
        async (result, _args, context) => {
          const flow = await plannedFlowOf(result, context);
          if (!flow) {
            return [];
          }
          const { actions } = await graphQLDriverVersionOf(
            context,
            result.deployment.driver,
          );
          return plannedActions(flow).map(
            planned => actions.find(action => action.name === planned.name)!,
          );
        },
      ),
      siblings: withPermission<DeploymentChangeResult>(
        read,
        result => result.siblings,
      ),
    },
    DeploymentTaskResult: {
      deployment: withPermission<DeploymentTaskResult>(
        read,
        result => result.deployment,
      ),
      task: withPermission<DeploymentTaskResult>(read, result => result.task),
    },
    Redeployment: {
      deployment: withPermission<Redeployment>(read, r => r.deployment),
      diff: withPermission<Redeployment>(read, r => r.diff),
      flow: (redeployment: Redeployment) => redeployment.flowName,
      instance: withPermission<Redeployment>(read, r => r.instance ?? null),
      task: withPermission<Redeployment>(
        read,
        r => r.remediation?.task ?? null,
      ),
    },
  };
}
