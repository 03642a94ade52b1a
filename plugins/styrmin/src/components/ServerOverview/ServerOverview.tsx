import { InfoCard, StructuredMetadataTable } from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import type { DatabaseEngine, ServerInfo } from '@styrmin/sdk';

/** The names the engines go by, rather than the GraphQL enum values. */
const engineNames: Record<DatabaseEngine, string> = {
  SQLITE: 'SQLite',
  POSTGRESQL: 'PostgreSQL',
};

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

/** Local date and time for people; the ISO timestamp for machines and the tooltip. */
const Timestamp = ({ iso }: { iso: string }) => (
  <time dateTime={iso} title={iso}>
    {new Date(iso).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'long',
    })}
  </time>
);

/** @public */
export interface ServerOverviewProps {
  server: ServerInfo;
}

/**
 * The Styrmin server and its database, one card each.
 *
 * @public
 */
export const ServerOverview = ({ server }: ServerOverviewProps) => (
  <Grid container spacing={3}>
    <Grid item xs={12} md={6}>
      <InfoCard title="Server">
        <StructuredMetadataTable
          options={tableOptions}
          metadata={{
            Version: server.version,
            'Installation ID': server.installationId,
            Installed: <Timestamp iso={server.installedAt} />,
          }}
        />
      </InfoCard>
    </Grid>
    <Grid item xs={12} md={6}>
      <InfoCard title="Database">
        <StructuredMetadataTable
          options={tableOptions}
          metadata={{
            Engine: engineNames[server.database.engine],
            Version: server.database.version,
            'Schema version': server.database.schemaVersion,
          }}
        />
      </InfoCard>
    </Grid>
  </Grid>
);
