import { DriverVersionRef } from '../../deployments/DeploymentStore';
import { notStored } from '../fieldResolvers';
import { StyrminGraphQLContext } from '../types';
import { toGraphQLDriverVersion } from './toGraphQLDriverVersion';

/**
 * The GraphQL form of each driver version, kept while its loaded record lives: a page of
 * deployments of one driver version builds it once.
 */
const built = new WeakMap<object, ReturnType<typeof toGraphQLDriverVersion>>();

/**
 * The stored driver version that a record names, read through the request's loader; a
 * record naming a version the database lacks is damage (`notStored`).
 *
 * @internal
 */
export async function storedDriverVersion(
  context: StyrminGraphQLContext,
  ref: DriverVersionRef,
) {
  return (
    (await context.loaders.driverVersion.load(ref)) ??
    notStored(`Driver version ${ref.name} ${ref.version}`)
  );
}

/**
 * The driver version that a record names, as the GraphQL `DriverVersion` type has it, read
 * through the request's loader.
 *
 * @internal
 */
export async function graphQLDriverVersionOf(
  context: StyrminGraphQLContext,
  ref: DriverVersionRef,
) {
  const driverVersion = await storedDriverVersion(context, ref);
  let graphQL = built.get(driverVersion);
  if (!graphQL) {
    graphQL = toGraphQLDriverVersion(driverVersion);
    built.set(driverVersion, graphQL);
  }
  return graphQL;
}
