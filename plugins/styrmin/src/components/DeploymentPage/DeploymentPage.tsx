import { ReactNode } from 'react';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import { Navigate } from 'react-router-dom';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { DeploymentBackups } from '../DeploymentBackups';
import { DeploymentConfiguration } from '../DeploymentConfiguration';
import { DeploymentOverview } from '../DeploymentOverview';
import { DeploymentTasks } from '../DeploymentTasks';
import { DeploymentTimeline } from '../DeploymentTimeline';
import { DeploymentUpgrade } from '../DeploymentUpgrade';
import { LoadedContent } from '../LoadedContent';
import { MissingRecord } from '../MissingRecord';
import { PageTabs } from '../PageTabs';
import { PageTrail } from '../PageTrail';
import { DeploymentHeader } from './DeploymentHeader';

type DeploymentTab = {
  id: string;
  label: string;
  content: (
    deployment: DeploymentWithInstance,
    onChanged: () => void,
  ) => ReactNode;
};

/** The tabs of a deployment: the first at the deployment's own address, each other below it. */
const tabs: DeploymentTab[] = [
  {
    id: 'overview',
    label: 'Overview',
    content: deployment => <DeploymentOverview deploymentId={deployment.id} />,
  },
  {
    id: 'configuration',
    label: 'Configuration',
    content: (deployment, onChanged) => (
      <DeploymentConfiguration deployment={deployment} onChanged={onChanged} />
    ),
  },
  {
    id: 'upgrade',
    label: 'Upgrade',
    content: (deployment, onChanged) => (
      <DeploymentUpgrade deployment={deployment} onChanged={onChanged} />
    ),
  },
  {
    id: 'timeline',
    label: 'Timeline',
    content: deployment => <DeploymentTimeline deploymentId={deployment.id} />,
  },
  {
    id: 'tasks',
    label: 'Tasks',
    content: deployment => <DeploymentTasks deploymentId={deployment.id} />,
  },
  {
    id: 'backups',
    label: 'Backups',
    content: (deployment, onChanged) => (
      <DeploymentBackups deployment={deployment} onChanged={onChanged} />
    ),
  },
];

/** @public */
export interface DeploymentPageProps {
  /** The deployment's id, from the address. */
  id: string;
  /** The tab the address names; the first (Overview) when absent. */
  tab?: string;
}

/**
 * One deployment: its heading with its state and the actions on it, and a tab for each of
 * its parts. Everything on it follows the deployment's changes live.
 *
 * @public
 */
export const DeploymentPage = ({
  id,
  tab = tabs[0].id,
}: DeploymentPageProps) => {
  const links = useDeploymentLinks();
  const state = useLiveStyrminApi(
    deploymentChannel(id),
    api => api.getDeployment(id),
    [id],
  );
  const deployment = state.value;
  const selected = tabs.find(t => t.id === tab);
  if (!selected) {
    // An address with a tab this page does not have (an old bookmark): the overview.
    return <Navigate to={links.deployment(id)} replace />;
  }

  return (
    <PageTrail
      entries={[
        ...(deployment
          ? [
              {
                label: deployment.environment.name,
                href: links.environment(deployment.environment.name),
              },
            ]
          : []),
        { label: deployment?.name ?? 'Deployment', href: links.deployment(id) },
      ]}
    >
      <LoadedContent
        state={state}
        missing={
          <MissingRecord
            title="There is no such deployment"
            description="It may never have existed here; deleted deployments keep their page."
          />
        }
      >
        {found => (
          <>
            <DeploymentHeader deployment={found} onChanged={state.retry} />
            {found.deletedAt && found.state === 'DELETED' && (
              <Box mb={2} role="note">
                <Typography variant="body2" color="textSecondary">
                  This deployment is a tombstone: its workload is gone from the
                  cluster. Its timeline, tasks and backup history stay for
                  auditing.
                </Typography>
              </Box>
            )}
            <PageTabs
              label={`Deployment ${found.name}`}
              selected={selected.id}
              tabs={tabs.map((t, index) => ({
                id: t.id,
                label: t.label,
                href: index === 0 ? links.deployment(id) : links.tab(id, t.id),
              }))}
            >
              {selected.content(found, state.retry)}
            </PageTabs>
          </>
        )}
      </LoadedContent>
    </PageTrail>
  );
};
