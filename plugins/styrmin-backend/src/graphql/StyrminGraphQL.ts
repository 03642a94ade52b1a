import {
  AuditorService,
  AuditorServiceCreateEventOptions,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  DocumentNode,
  execute,
  ExecutionResult,
  FormattedExecutionResult,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLSchema,
  getOperationAST,
  Kind,
  parse,
  validate,
} from 'graphql';
import { createBackupResolvers } from './backups/backupResolvers';
import { BackupResolverRecords } from './backups/backupResolverRecords';
import { createEnvironmentBackupResolvers } from './environmentBackups/environmentBackupResolvers';
import { EnvironmentBackupResolverRecords } from './environmentBackups/environmentBackupResolverRecords';
import { EnvironmentOperationResolverRecords } from './environmentOperations/environmentOperationResolverRecords';
import { createEnvironmentUpgradeResolvers } from './environmentOperations/environmentUpgradeResolvers';
import { EnvironmentRestoreResolverRecords } from './environmentOperations/environmentRestoreResolverRecords';
import { createEnvironmentRestoreResolvers } from './environmentOperations/environmentRestoreResolvers';
import { createClusterResolvers } from './clusters/clusterResolvers';
import { ServerInfoStore } from '../database/ServerInfoStore';
import { createDeploymentResolvers } from './deployments/deploymentResolvers';
import { createDriverResolvers } from './drivers/driverResolvers';
import { DriverLoader } from '../drivers/DriverLoader';
import { createEnvironmentResolvers } from './environments/environmentResolvers';
import { createInstanceResolvers } from './instances/instanceResolvers';
import { createObservedStateResolvers } from './observedState/observedStateResolvers';
import { ComponentLifecycle } from '../reconciliation/ComponentLifecycle';
import { DeploymentJobs } from '../reconciliation/DeploymentJobs';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { SettingsChanges } from '../reconciliation/SettingsChanges';
import { createTaskResolvers } from './tasks/taskResolvers';
import { createPlanResolvers } from './plans/planResolvers';
import { createRollbackResolvers } from './rollback/rollbackResolvers';
import { DeploymentPlans } from '../plans/DeploymentPlans';
import { DeploymentRollbacks } from '../rollback/DeploymentRollbacks';
import {
  createKubernetesEventResolvers,
  KubernetesEventResolverRecords,
} from './kubernetesEvents/kubernetesEventResolvers';
import { TaskRetries } from '../reconciliation/TaskRetries';
import { ClusterUtilities } from '../utilities/ClusterUtilities';
import { auditMutations } from './auditMutations';
import { callerRef } from './callerRef';
import { createStyrminSchema } from './createStyrminSchema';
import {
  DeploymentScope,
  deploymentScopeErrors,
  guardDeploymentScope,
} from './deploymentScope';
import { createErrorFormatter } from './formatError';
import { mergeResolvers } from './mergeResolvers';
import { MAX_QUERY_TOKENS, queryLimitErrors } from './queryLimits';
import { requestPermissions } from './requestPermissions';
import { createResolvers } from './server/serverResolvers';
import { rolePermissions } from '../permissions/rolePermissions';
import { createStyrminLoaders, StyrminLoaderStores } from './StyrminLoaders';
import {
  StyrminCredentials,
  StyrminGraphQLContext,
  StyrminGraphQLRequest,
} from './types';

/**
 * The records the API reads, and the services through which it changes them.
 *
 * @internal
 */
export type StyrminGraphQLRecords = StyrminLoaderStores &
  BackupResolverRecords &
  EnvironmentBackupResolverRecords &
  EnvironmentOperationResolverRecords &
  EnvironmentRestoreResolverRecords &
  KubernetesEventResolverRecords & {
    deploymentChanges: DeploymentChanges;
    deploymentPlans: DeploymentPlans;
    rollbacks: DeploymentRollbacks;
    settingsChanges: SettingsChanges;
    componentLifecycle: ComponentLifecycle;
    deploymentJobs: DeploymentJobs;
    taskRetries: TaskRetries;
    clusterUtilities: ClusterUtilities;
  };

/**
 * Options of {@link StyrminGraphQL.create}.
 *
 * @internal
 */
export type StyrminGraphQLOptions = {
  serverInfo: ServerInfoStore;
  drivers: { loader: DriverLoader };
  records: StyrminGraphQLRecords;
  permissions: PermissionsService;
  /** Receives one event for each mutation a request calls (`auditMutations`). */
  auditor: AuditorService;
  logger: LoggerService;
  /**
   * Called after a request whose mutations succeeded, with their names (`createDeployment`),
   * so that others learn of the change (the plugin publishes them on the event bus).
   */
  onMutations?: (mutations: string[]) => void;
};

/**
 * The Styrmin GraphQL API, independent of how requests arrive: parses, validates and
 * executes a request and returns the result as the client must see it, every error with
 * its `extensions.code`. A document that is too large, too deep or too costly is refused
 * before it runs (VALIDATION_FAILED). Each request gets its own loaders and permission
 * memo.
 *
 * @internal
 */
export class StyrminGraphQL {
  readonly #schema: GraphQLSchema;
  readonly #formatError: (error: GraphQLError) => GraphQLFormattedError;
  readonly #records: StyrminGraphQLRecords;
  readonly #permissions: PermissionsService;
  readonly #auditor: AuditorService;
  readonly #onMutations?: (mutations: string[]) => void;

  static create(options: StyrminGraphQLOptions): StyrminGraphQL {
    const {
      serverInfo,
      drivers,
      records,
      permissions,
      auditor,
      logger,
      onMutations,
    } = options;
    const resolvers = mergeResolvers(
      createResolvers({ serverInfo }),
      createDriverResolvers({
        store: records.drivers,
        loader: drivers.loader,
      }),
      createClusterResolvers(records),
      createEnvironmentResolvers(records),
      createDeploymentResolvers(records),
      createInstanceResolvers(),
      createTaskResolvers(records),
      createObservedStateResolvers(),
      createBackupResolvers(records),
      createEnvironmentBackupResolvers(records),
      createEnvironmentUpgradeResolvers(records),
      createEnvironmentRestoreResolvers(records),
      createPlanResolvers(records),
      createRollbackResolvers(records),
      createKubernetesEventResolvers(records),
    );
    const schema = createStyrminSchema(auditMutations(resolvers, records));
    guardDeploymentScope(schema);
    return new StyrminGraphQL({
      schema,
      formatError: createErrorFormatter({ logger }),
      records,
      permissions,
      auditor,
      onMutations,
    });
  }

  private constructor(options: {
    schema: GraphQLSchema;
    formatError: (error: GraphQLError) => GraphQLFormattedError;
    records: StyrminGraphQLRecords;
    permissions: PermissionsService;
    auditor: AuditorService;
    onMutations?: (mutations: string[]) => void;
  }) {
    this.#schema = options.schema;
    this.#formatError = options.formatError;
    this.#records = options.records;
    this.#permissions = options.permissions;
    this.#auditor = options.auditor;
    this.#onMutations = options.onMutations;
  }

  /**
   * Answers a request of `caller`. `caller.request` is the HTTP request that carried it:
   * the auditor names the caller (and its address) from it. Without it, audit events name
   * the plugin itself, which suits only callers inside the backend.
   *
   * With `scope` (a driver action's API token), the caller is an operator of that one
   * deployment: only its entry points answer (`deploymentScopeErrors`), any other
   * deployment or task it reaches is FORBIDDEN, and the role policy alone decides its
   * permissions.
   */
  async execute(
    request: StyrminGraphQLRequest,
    caller: {
      credentials: StyrminCredentials;
      request?: AuditorServiceCreateEventOptions['request'];
      scope?: DeploymentScope;
    },
  ): Promise<FormattedExecutionResult> {
    let document: DocumentNode;
    try {
      document = parse(request.query, { maxTokens: MAX_QUERY_TOKENS });
    } catch (error) {
      if (error instanceof GraphQLError) {
        return this.#format({ errors: [error] });
      }
      throw error;
    }
    const validationErrors = validate(this.#schema, document);
    if (validationErrors.length > 0) {
      return this.#format({ errors: validationErrors });
    }
    const limitErrors = queryLimitErrors({
      schema: this.#schema,
      document,
      operationName: request.operationName,
      variables: request.variables,
    });
    if (limitErrors.length > 0) {
      return this.#format({ errors: limitErrors });
    }
    const { scope } = caller;
    const scopeErrors = scope
      ? deploymentScopeErrors({
          schema: this.#schema,
          document,
          operationName: request.operationName,
          variables: request.variables,
          scope,
        })
      : [];
    if (scopeErrors.length > 0) {
      return this.#format({ errors: scopeErrors });
    }
    const contextValue: StyrminGraphQLContext = {
      credentials: caller.credentials,
      permissions: scope
        ? rolePermissions('operator')
        : requestPermissions(this.#permissions),
      ...(scope && { scope }),
      loaders: createStyrminLoaders(this.#records),
      // An action's token is not Backstage's: its events name the action's run instead.
      audit: options =>
        this.#auditor.createEvent({
          ...options,
          request: caller.request,
          ...(scope && {
            meta: { ...options.meta, caller: callerRef(caller.credentials) },
          }),
        }),
    };
    const result = await execute({
      schema: this.#schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue,
    });
    this.#announceMutations(document, request.operationName, result);
    return this.#format(result);
  }

  /** Tells `onMutations` which mutations of the request answered (null means failed). */
  #announceMutations(
    document: DocumentNode,
    operationName: string | undefined,
    result: ExecutionResult,
  ) {
    const operation = getOperationAST(document, operationName);
    if (!this.#onMutations || operation?.operation !== 'mutation') {
      return;
    }
    const data = result.data ?? {};
    const mutations = operation.selectionSet.selections.flatMap(selection =>
      selection.kind === Kind.FIELD &&
      data[selection.alias?.value ?? selection.name.value] !== null &&
      data[selection.alias?.value ?? selection.name.value] !== undefined
        ? [selection.name.value]
        : [],
    );
    if (mutations.length > 0) {
      this.#onMutations([...new Set(mutations)]);
    }
  }

  #format(result: ExecutionResult): FormattedExecutionResult {
    const { errors, ...rest } = result;
    return errors ? { ...rest, errors: errors.map(this.#formatError) } : rest;
  }
}
