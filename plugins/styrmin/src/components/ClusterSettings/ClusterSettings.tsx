import { useState } from 'react';
import {
  CodeSnippet,
  StructuredMetadataTable,
} from '@backstage/core-components';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import {
  createMergePatch,
  styrminClusterUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import type { Cluster, Redeployment } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { RedeploymentReview } from '../RedeploymentReview';
import { SettingsFields } from '../SettingsFields';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { draftOf, settingsOf, SettingsDraft } from './settingsDraft';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

const SettingsTable = ({ cluster }: { cluster: Cluster }) => {
  const {
    storage_class,
    storage_classes,
    ingress_class,
    base_domain,
    ...rest
  } = cluster.settings;
  const named = Object.entries(storage_classes ?? {}).map(
    ([purpose, name]) => `${purpose}: ${name}`,
  );
  return (
    <StructuredMetadataTable
      options={tableOptions}
      metadata={{
        'Storage classes': [
          `${storage_class ?? "the cluster's default"} (default)`,
          ...named,
        ].join(', '),
        'Ingress class': ingress_class ?? 'Not set',
        'Base domain': base_domain ?? 'Not set',
        'Other settings': Object.keys(rest).length ? (
          <CodeSnippet language="json" text={JSON.stringify(rest, null, 2)} />
        ) : (
          'None'
        ),
      }}
    />
  );
};

/** @public */
export interface ClusterSettingsProps {
  cluster: Cluster;
  /** Called once a change is saved, to read the cluster again. */
  onSaved: () => void;
}

type Step =
  | { step: 'view' }
  | { step: 'edit'; draft: SettingsDraft; error?: Error }
  | {
      step: 'review';
      draft: SettingsDraft;
      patch: Record<string, unknown>;
      redeployments: Redeployment[];
      error?: Error;
    };

/**
 * A cluster's settings: the storage classes, the ingress class, the base domain, and the
 * rest as JSON. Administrators edit them; before anything is saved, the deployments the
 * change would redeploy are listed (`previewClusterUpdate`), and the change is saved for
 * the version of the cluster that was reviewed. Others read them, and are told why they
 * cannot change them.
 *
 * @public
 */
export const ClusterSettings = ({ cluster, onSaved }: ClusterSettingsProps) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const update = usePermission({ permission: styrminClusterUpdatePermission });
  const [state, setState] = useState<Step>({ step: 'view' });
  const [busy, setBusy] = useState(false);

  if (state.step === 'view') {
    return (
      <>
        <SettingsTable cluster={cluster} />
        <Box mt={2} display="flex" alignItems="center" gridGap={8}>
          <Button
            variant="outlined"
            color="primary"
            disabled={!update.allowed}
            onClick={() =>
              setState({ step: 'edit', draft: draftOf(cluster.settings) })
            }
          >
            Edit settings
          </Button>
          {!update.loading && !update.allowed && (
            <Typography variant="body2" color="textSecondary">
              Read-only: changing a cluster's settings needs{' '}
              {styrminClusterUpdatePermission.name}, which administrators have.
            </Typography>
          )}
        </Box>
      </>
    );
  }

  const input = (patch: Record<string, unknown>) => ({
    id: cluster.id,
    expectedVersion: cluster.version,
    settings: patch,
  });

  if (state.step === 'review') {
    const save = async () => {
      setBusy(true);
      try {
        const result = await api.updateCluster(input(state.patch));
        alertApi.post({
          message: `Saved the settings of ${cluster.name}; ${result.redeployments.length} redeployed`,
          severity: 'success',
          display: 'transient',
        });
        setState({ step: 'view' });
        onSaved();
      } catch (error) {
        setState({ ...state, error: error as Error });
      } finally {
        setBusy(false);
      }
    };
    return (
      <>
        {state.error && <StyrminErrorPanel error={state.error} />}
        <RedeploymentReview
          redeployments={state.redeployments}
          busy={busy}
          onSave={save}
          onBack={() => setState({ step: 'edit', draft: state.draft })}
        />
      </>
    );
  }

  const { draft } = state;
  const read = settingsOf(draft);
  const patch =
    'settings' in read ? createMergePatch(cluster.settings, read.settings) : {};
  const review = async () => {
    setBusy(true);
    try {
      const redeployments = await api.previewClusterUpdate(input(patch));
      setState({ step: 'review', draft, patch, redeployments });
    } catch (error) {
      setState({ ...state, error: error as Error });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <SettingsFields
        input="settings"
        draft={draft}
        problems={{}}
        onChange={next => setState({ step: 'edit', draft: next })}
      />
      {state.error && <StyrminErrorPanel error={state.error} />}
      <Box mt={2} display="flex" gridGap={8}>
        <Button
          variant="contained"
          color="primary"
          disabled={busy || !('settings' in read) || !Object.keys(patch).length}
          onClick={review}
        >
          Review changes
        </Button>
        <Button disabled={busy} onClick={() => setState({ step: 'view' })}>
          Cancel
        </Button>
      </Box>
    </>
  );
};
