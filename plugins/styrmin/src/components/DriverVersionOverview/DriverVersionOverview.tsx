import {
  InfoCard,
  Link,
  StructuredMetadataTable,
} from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import type { DriverVersion } from '@styrmin/sdk';
import { Digest } from '../Digest';
import { DriverSource } from '../DriverSource';
import { Timestamp } from '../Timestamp';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

const None = () => (
  <Typography variant="body2" color="textSecondary">
    None
  </Typography>
);

type Author = DriverVersion['info']['authors'][number];

const AuthorName = ({ author }: { author: Author }) => (
  <>
    {author.url ? <Link to={author.url}>{author.name}</Link> : author.name}
    {author.email && (
      <>
        {' '}
        (<Link to={`mailto:${author.email}`}>{author.email}</Link>)
      </>
    )}
  </>
);

/** @public */
export interface DriverVersionOverviewProps {
  driverVersion: DriverVersion;
}

/**
 * What a driver version is: what its driver says of itself (links, authors, license),
 * which application versions it deploys with which chart, and where the version came
 * from.
 *
 * @public
 */
export const DriverVersionOverview = ({
  driverVersion,
}: DriverVersionOverviewProps) => {
  const { info, chart } = driverVersion;
  return (
    <Grid container spacing={3}>
      <Grid item xs={12} md={6}>
        <InfoCard title="About">
          <StructuredMetadataTable
            options={tableOptions}
            metadata={{
              Description: info.description,
              Links: info.links.length ? (
                info.links.map(link => (
                  <Link key={link.url} to={link.url}>
                    {link.title}
                  </Link>
                ))
              ) : (
                <None />
              ),
              Authors: info.authors.length ? (
                info.authors.map(author => (
                  <AuthorName key={author.name} author={author} />
                ))
              ) : (
                <None />
              ),
              License: info.license ?? <None />,
            }}
          />
        </InfoCard>
      </Grid>
      <Grid item xs={12} md={6}>
        <InfoCard title="Version">
          <StructuredMetadataTable
            options={tableOptions}
            metadata={{
              'Driver version': driverVersion.version,
              'Supported application versions': (
                <code>{driverVersion.supportedVersions}</code>
              ),
              'Helm chart': `${chart.chart} ${chart.version}`,
              'Chart source': (
                <>
                  {chart.source.type}
                  {[chart.source.url, chart.source.ref, chart.source.path]
                    .filter(Boolean)
                    .map(part => (
                      <Typography
                        key={part}
                        variant="body2"
                        color="textSecondary"
                      >
                        <code>{part}</code>
                      </Typography>
                    ))}
                </>
              ),
              'Values template': <code>{chart.valuesTemplate}</code>,
              Digest: <Digest digest={driverVersion.digest} />,
              Source: <DriverSource source={driverVersion.source} />,
              'Loaded by': driverVersion.loadedBy,
              Loaded: <Timestamp iso={driverVersion.loadedAt} />,
            }}
          />
        </InfoCard>
      </Grid>
    </Grid>
  );
};
