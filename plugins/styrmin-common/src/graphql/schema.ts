import { backupGraphQLSchema } from './backupSchema';
import { clusterGraphQLSchema } from './clusterSchema';
import { deploymentGraphQLSchema } from './deploymentSchema';
import { driverGraphQLSchema } from './driverSchema';
import { environmentBackupGraphQLSchema } from './environmentBackupSchema';
import { environmentGraphQLSchema } from './environmentSchema';
import { environmentOperationGraphQLSchema } from './environmentOperationSchema';
import { planGraphQLSchema } from './planSchema';
import { rollbackGraphQLSchema } from './rollbackSchema';
import { kubernetesEventGraphQLSchema } from './kubernetesEventSchema';
import { taskGraphQLSchema } from './taskSchema';

/**
 * The SDL of the Styrmin GraphQL API, served by the backend at `/api/styrmin/graphql` and
 * typed against by `@styrmin/sdk`. Every error carries a `StyrminErrorCode` in
 * `extensions.code`.
 *
 * @public
 */
export const styrminGraphQLSchema = /* GraphQL */ `
  """
  The entry points for reading.
  """
  type Query {
    "The Styrmin server that answers: its version and its database."
    server: Server!
  }

  """
  The Styrmin server: the backend plugin that owns the database and records intent.
  """
  type Server {
    "The version of the Styrmin backend plugin package."
    version: String!
    "Identifies this installation: generated once, the first time the server answered."
    installationId: ID!
    "When this installation was created (ISO 8601)."
    installedAt: String!
    "The database that stores Styrmin's records."
    database: Database!
  }

  """
  The database of the Styrmin server, read from the database itself.
  """
  type Database {
    "The engine: SQLITE or POSTGRESQL."
    engine: DatabaseEngine!
    "The engine's own version string, as the database reports it."
    version: String!
    "The newest migration applied to the Styrmin tables."
    schemaVersion: String!
  }

  enum DatabaseEngine {
    SQLITE
    POSTGRESQL
  }
  ${driverGraphQLSchema}
  ${clusterGraphQLSchema}
  ${environmentGraphQLSchema}
  ${deploymentGraphQLSchema}
  ${rollbackGraphQLSchema}
  ${taskGraphQLSchema}
  ${backupGraphQLSchema}
  ${environmentBackupGraphQLSchema}
  ${environmentOperationGraphQLSchema}
  ${planGraphQLSchema}
  ${kubernetesEventGraphQLSchema}
`;
