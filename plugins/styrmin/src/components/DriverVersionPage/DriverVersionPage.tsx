import { ReactNode } from 'react';
import { EmptyState, LinkButton, Progress } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import type { DriverVersion } from '@styrmin/sdk';
import { Navigate } from 'react-router-dom';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import {
  driverRouteRef,
  driversRouteRef,
  driverVersionRouteRef,
  driverVersionTabRouteRef,
} from '../../routes';
import { DriverActions } from '../DriverActions';
import { DriverComponents } from '../DriverComponents';
import { DriverHeading } from '../DriverHeading';
import { DriverParameters } from '../DriverParameters';
import { DriverVersionOverview } from '../DriverVersionOverview';
import { PageTabs } from '../PageTabs';
import { PageTrail } from '../PageTrail';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

/** The tabs of a driver version: the first at the version's own address, each other below it. */
const tabs: Array<{
  id: string;
  label: (version: DriverVersion) => string;
  content: (version: DriverVersion) => ReactNode;
}> = [
  {
    id: 'overview',
    label: () => 'Overview',
    content: version => <DriverVersionOverview driverVersion={version} />,
  },
  {
    id: 'parameters',
    label: version => `Parameters (${version.parameters.length})`,
    content: version => <DriverParameters driverVersion={version} />,
  },
  {
    id: 'components',
    label: () => 'Components and services',
    content: version => <DriverComponents driverVersion={version} />,
  },
  {
    id: 'actions',
    label: version => `Actions (${version.actions.length})`,
    content: version => <DriverActions driverVersion={version} />,
  },
];

/** @public */
export interface DriverVersionPageProps {
  /** The driver's name, from the address. */
  name: string;
  /** The driver version, from the address. */
  version: string;
  /** The tab the address names; the first (Overview) when absent. */
  tab?: string;
}

/**
 * One application driver version, with a tab for each of its parts.
 *
 * @public
 */
export const DriverVersionPage = ({
  name,
  version,
  tab = tabs[0].id,
}: DriverVersionPageProps) => {
  // Read once per version: switching tabs changes only the address.
  const {
    value: driverVersion,
    loading,
    error,
  } = useStyrminApi(
    api => api.getDriverVersion({ name, version }),
    [name, version],
  );
  const driversLink = useRouteRef(driversRouteRef)();
  const driverLink = useRouteRef(driverRouteRef)({ name });
  const versionLink = useRouteRef(driverVersionRouteRef)({ name, version });
  const tabLink = useRouteRef(driverVersionTabRouteRef);

  const selected = tabs.find(t => t.id === tab);
  if (!selected) {
    // An address with a tab this page does not have (an old bookmark): the overview.
    return <Navigate to={versionLink} replace />;
  }

  let content;
  if (loading) {
    content = <Progress />;
  } else if (error) {
    content = <StyrminErrorPanel error={error} />;
  } else if (!driverVersion) {
    content = (
      <EmptyState
        missing="data"
        title={`Version ${version} of ${name} is not loaded`}
        description="The driver's page lists its loaded versions."
        action={
          <LinkButton to={driverLink} variant="contained" color="primary">
            Versions of {name}
          </LinkButton>
        }
      />
    );
  } else {
    content = (
      <>
        <DriverHeading
          title={driverVersion.title}
          icon={driverVersion.info.icon}
          subtitle={driverVersion.version}
          description={driverVersion.info.description}
        />
        <PageTabs
          label={`${driverVersion.title} ${driverVersion.version}`}
          selected={selected.id}
          tabs={tabs.map((t, index) => ({
            id: t.id,
            label: t.label(driverVersion),
            href:
              index === 0 ? versionLink : tabLink({ name, version, tab: t.id }),
          }))}
        >
          {selected.content(driverVersion)}
        </PageTabs>
      </>
    );
  }

  return (
    <PageTrail
      entries={[
        { label: 'Drivers', href: driversLink },
        { label: name, href: driverLink },
        { label: version, href: versionLink },
      ]}
    >
      {content}
    </PageTrail>
  );
};
