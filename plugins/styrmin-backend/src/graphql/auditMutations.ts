import { GraphQLFieldResolver } from 'graphql';
import { ClusterStore } from '../clusters/ClusterStore';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import {
  AuditSubjects,
  MUTATION_AUDITS,
  MutationAudit,
} from './mutationAudits';
import type { MutationResolvers } from './generated/schemaTypes';
import { StyrminGraphQLContext, StyrminResolvers } from './types';

/** A mutation's resolver as auditing wraps it, whichever its input and result. */
type MutationResolver = GraphQLFieldResolver<
  unknown,
  StyrminGraphQLContext,
  { input?: Record<string, unknown> }
>;

/**
 * The stores from which audit events name the records a mutation acts on.
 *
 * @internal
 */
export type AuditSubjectStores = {
  clusters: Pick<ClusterStore, 'getClusters'>;
  environments: Pick<EnvironmentStore, 'getEnvironments'>;
  deployments: Pick<DeploymentStore, 'getDeployments'>;
};

/**
 * Wraps every mutation resolver so that each call is one Backstage auditor event: created
 * before the mutation runs (`initiated`, with the records it names), then `succeeded` with
 * what the answer adds, or `failed` with the error, a refused permission included. The
 * auditor names the caller from the request. The one place where Styrmin audits, so that
 * no resolver can forget it: a mutation without an entry in {@link MUTATION_AUDITS} fails
 * the plugin's start.
 *
 * @internal
 */
export function auditMutations(
  resolvers: StyrminResolvers,
  stores: AuditSubjectStores,
): StyrminResolvers {
  const mutations = Object.entries(
    (resolvers.Mutation ?? {}) as Record<string, MutationResolver>,
  );
  if (mutations.length === 0) {
    return resolvers;
  }
  return {
    ...resolvers,
    Mutation: Object.fromEntries(
      mutations.map(([name, resolve]) => {
        const audit = MUTATION_AUDITS[name];
        if (!audit) {
          throw new Error(
            `The mutation ${name} has no audit event; add it to MUTATION_AUDITS`,
          );
        }
        return [name, audited(audit, resolve, stores)];
      }),
    ) as MutationResolvers,
  };
}

function audited(
  audit: MutationAudit,
  resolve: MutationResolver,
  stores: AuditSubjectStores,
): MutationResolver {
  return async (parent, args, context, info) => {
    const event = await context.audit({
      eventId: audit.eventId,
      severityLevel: audit.severityLevel,
      meta: await nameSubjects(stores, audit.subjects(args.input ?? {})),
    });
    let result: unknown;
    try {
      result = await resolve(parent, args, context, info);
    } catch (error) {
      await event.fail({
        error: error instanceof Error ? error : new Error(String(error)),
      });
      throw error;
    }
    await event.success({ meta: audit.outcome?.(result) ?? {} });
    return result;
  };
}

/**
 * Adds the names of the records that `subjects` gives by id, and a deployment's
 * environment and an environment's cluster, tombstones included. Reads the stores, not the
 * request's loaders: a loader would keep the record as it was before the mutation for the
 * rest of the request.
 */
async function nameSubjects<T extends AuditSubjects>(
  stores: AuditSubjectStores,
  subjects: T,
): Promise<T> {
  const named: T = { ...subjects };
  if (named.deploymentId) {
    const [deployment] = await stores.deployments.getDeployments({
      ids: [named.deploymentId],
    });
    named.deploymentName = deployment?.name;
    named.environmentId ??= deployment?.environmentId;
  }
  if (named.environmentId) {
    const [environment] = await stores.environments.getEnvironments({
      ids: [named.environmentId],
    });
    named.environmentName = environment?.name;
    named.clusterId ??= environment?.clusterId;
  }
  if (named.clusterId) {
    const [cluster] = await stores.clusters.getClusters({
      ids: [named.clusterId],
    });
    named.clusterName = cluster?.name;
  }
  return withoutUndefined(named);
}

/** JSON has no undefined: an unknown record leaves its name out. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as T;
}
