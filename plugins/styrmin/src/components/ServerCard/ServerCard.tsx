import {
  InfoCard,
  Progress,
  StructuredMetadataTable,
} from '@backstage/core-components';
import type { DatabaseEngine } from '@styrmin/sdk';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { Timestamp } from '../Timestamp';

/** The names the engines go by, rather than the GraphQL enum values. */
const engineNames: Record<DatabaseEngine, string> = {
  SQLITE: 'SQLite',
  POSTGRESQL: 'PostgreSQL',
};

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

/**
 * The Styrmin server that answers and the database it runs on, in one card.
 *
 * @public
 */
export const ServerCard = () => {
  const {
    value: server,
    loading,
    error,
  } = useStyrminApi(api => api.getServerInfo());

  return (
    <InfoCard title="Server">
      {loading && <Progress />}
      {error && <StyrminErrorPanel error={error} />}
      {server && (
        <StructuredMetadataTable
          dense
          options={tableOptions}
          metadata={{
            Version: server.version,
            'Installation ID': server.installationId,
            Installed: <Timestamp iso={server.installedAt} />,
            Database: engineNames[server.database.engine],
            'Database version': server.database.version,
            'Schema version': server.database.schemaVersion,
          }}
        />
      )}
    </InfoCard>
  );
};
