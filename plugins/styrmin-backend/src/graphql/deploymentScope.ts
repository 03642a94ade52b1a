import { NotAllowedError } from '@backstage/errors';
import {
  defaultFieldResolver,
  DocumentNode,
  FieldNode,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  GraphQLError,
  GraphQLFieldResolver,
  GraphQLSchema,
  isObjectType,
  Kind,
  SelectionSetNode,
} from 'graphql';
import { StyrminGraphQLContext } from './types';

/**
 * The one deployment that a request may read and change: a driver action's API token acts
 * on the deployment of the run it was issued for (docs/driver-api.md, "Calling the API
 * from an action").
 *
 * @internal
 */
export type DeploymentScope = { deploymentId: string };

/** The entry points a scoped request may use, each naming the deployment. */
const SCOPED_QUERIES = new Set(['deployment', 'task']);

/** The mutations whose `input.id` is a deployment: the changes an operator makes on one. */
const SCOPED_MUTATIONS = new Set([
  'editDeployment',
  'upgradeDeployment',
  'editComponentOverrides',
  'deleteDeployment',
  'stopComponents',
  'startComponents',
  'restartComponents',
  'runJob',
]);

/** The types whose values a scoped request may only see of its own deployment. */
const SCOPED_TYPES = new Set(['Deployment', 'Task']);

/** A refusal of an entry point, coded FORBIDDEN as a NotAllowedError of a resolver is. */
function forbidden(field: FieldNode | undefined, what: string): GraphQLError {
  const message = `An action's API token acts on its own deployment only; ${what}`;
  return new GraphQLError(message, {
    nodes: field,
    path: field ? [field.alias?.value ?? field.name.value] : ['request'],
    originalError: new NotAllowedError(message),
  });
}

/**
 * The refusals of a scoped request before it runs: every entry point must be one of
 * deployment(id), task(id) and the changes of one deployment, and name the scope's
 * deployment; FORBIDDEN otherwise, and nothing runs.
 *
 * @internal
 */
export function deploymentScopeErrors(options: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string;
  variables?: Record<string, unknown>;
  scope: DeploymentScope;
}): GraphQLError[] {
  const { schema, document, scope } = options;
  const operation = getOperationAST(document, options.operationName);
  if (!operation) {
    return [];
  }
  const roots = {
    query: schema.getQueryType(),
    mutation: schema.getMutationType(),
    subscription: undefined,
  };
  const root = roots[operation.operation];
  if (!root) {
    return [
      forbidden(undefined, `a ${operation.operation} is not one of its calls`),
    ];
  }
  const allowed =
    operation.operation === 'mutation' ? SCOPED_MUTATIONS : SCOPED_QUERIES;
  return rootFields(document, operation.selectionSet).flatMap(field => {
    const name = field.name.value;
    if (name.startsWith('__')) {
      return [];
    }
    const definition = root.getFields()[name];
    if (!definition || !allowed.has(name)) {
      return [forbidden(field, `${name} is not one of its calls`)];
    }
    if (name === 'task') {
      // Any task id: the task's deployment is checked when it is read.
      return [];
    }
    const args = getArgumentValues(definition, field, options.variables);
    const deploymentId =
      name === 'deployment'
        ? args.id
        : (args.input as { id?: unknown } | undefined)?.id;
    return deploymentId === scope.deploymentId
      ? []
      : [forbidden(field, `${name} names another deployment`)];
  });
}

/** The fields of a root selection set, through its fragments. */
function rootFields(
  document: DocumentNode,
  selectionSet: SelectionSetNode,
): FieldNode[] {
  return selectionSet.selections.flatMap(selection => {
    if (selection.kind === Kind.FIELD) {
      return [selection];
    }
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection
        : document.definitions.find(
            d =>
              d.kind === Kind.FRAGMENT_DEFINITION &&
              d.name.value === selection.name.value,
          );
    return fragment && 'selectionSet' in fragment
      ? rootFields(document, fragment.selectionSet)
      : [];
  });
}

/**
 * Makes every field of a Deployment or a Task (or a list of them) refuse, in a scoped
 * request, a value of another deployment with FORBIDDEN: a token of one deployment reads
 * no sibling, through the environment or any other path. Unscoped requests are unchanged.
 *
 * @internal
 */
export function guardDeploymentScope(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) {
      continue;
    }
    for (const field of Object.values(type.getFields())) {
      if (!SCOPED_TYPES.has(getNamedType(field.type).name)) {
        continue;
      }
      const resolve: GraphQLFieldResolver<unknown, StyrminGraphQLContext> =
        field.resolve ?? defaultFieldResolver;
      field.resolve = async (parent, args, context, info) => {
        const value = await resolve(parent, args, context, info);
        if (context.scope) {
          checkScope(value, context.scope, `${type.name}.${field.name}`);
        }
        return value;
      };
    }
  }
}

function checkScope(value: unknown, scope: DeploymentScope, field: string) {
  for (const record of Array.isArray(value) ? value : [value]) {
    if (!record || typeof record !== 'object') {
      continue;
    }
    const { id, deploymentId } = record as {
      id?: string;
      deploymentId?: string | null;
    };
    // A Deployment is its id; a Task names its deployment.
    const owner = 'deploymentId' in record ? deploymentId : id;
    if (owner !== scope.deploymentId) {
      throw new NotAllowedError(
        `An action's API token acts on its own deployment only; ${field} is another's`,
      );
    }
  }
}
