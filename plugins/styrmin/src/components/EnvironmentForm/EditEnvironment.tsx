import { useState } from 'react';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import {
  createMergePatch,
  styrminEnvironmentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import type {
  EnvironmentWithDeployments,
  Redeployment,
  UpdateEnvironmentInput,
} from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { AdminActionButton, fieldErrorsOf, helperTextOf } from '../AdminAction';
import {
  draftOf,
  settingsOf,
  SettingsDraft,
} from '../ClusterSettings/settingsDraft';
import { RedeploymentReview } from '../RedeploymentReview';
import { SettingsFields, settingsFieldNames } from '../SettingsFields';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { BackupStorageLocationSelect } from './BackupStorageLocationSelect';

const FIELDS = ['backupStorageLocation', ...settingsFieldNames('overrides')];

interface Draft {
  settings: SettingsDraft;
  /** The backup storage location's name; `''` for none. */
  location: string;
}

type Step =
  | { step: 'view' }
  | { step: 'edit'; draft: Draft; error?: Error }
  | {
      step: 'review';
      draft: Draft;
      input: UpdateEnvironmentInput;
      redeployments: Redeployment[];
    };

/**
 * The change a draft makes, as `updateEnvironment` takes it: a merge patch of the
 * overrides and the backup storage location, each only when it changes; undefined when
 * the draft is not valid settings.
 */
function inputOf(
  environment: EnvironmentWithDeployments,
  draft: Draft,
): UpdateEnvironmentInput | undefined {
  const read = settingsOf(draft.settings);
  if (!('settings' in read)) {
    return undefined;
  }
  const overrides = createMergePatch(environment.overrides, read.settings);
  const location = environment.backupStorageLocation ?? '';
  return {
    id: environment.id,
    expectedVersion: environment.version,
    ...(Object.keys(overrides).length > 0 && { overrides }),
    ...(draft.location !== location && {
      backupStorageLocation: draft.location || null,
    }),
  };
}

/** @public */
export interface EditEnvironmentProps {
  environment: EnvironmentWithDeployments;
  /** Called once a change is saved, to read the environment again. */
  onSaved: () => void;
}

/**
 * Edits an environment's overrides of its cluster's settings and its backup storage
 * location (`styrmin.environment.update`, as `styrminctl environments update`). Before
 * anything is saved, the deployments the change would redeploy are shown with their
 * diffs (`previewEnvironmentUpdate`, as `--preview` prints them), and the change is
 * saved for the version of the environment that was reviewed. A refusal goes back to
 * the form, next to the field it names.
 *
 * @public
 */
export const EditEnvironment = ({
  environment,
  onSaved,
}: EditEnvironmentProps) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const [state, setState] = useState<Step>({ step: 'view' });
  const [busy, setBusy] = useState(false);

  const attempt = async (draft: Draft, f: () => Promise<void>) => {
    setBusy(true);
    try {
      await f();
    } catch (error) {
      setState({ step: 'edit', draft, error: error as Error });
    } finally {
      setBusy(false);
    }
  };

  if (state.step === 'view') {
    return (
      <AdminActionButton
        label="Edit settings"
        permission={styrminEnvironmentUpdatePermission}
        action="Changing an environment's settings"
        onClick={() =>
          setState({
            step: 'edit',
            draft: {
              settings: draftOf(environment.overrides),
              location: environment.backupStorageLocation ?? '',
            },
          })
        }
      />
    );
  }

  if (state.step === 'review') {
    const save = () =>
      attempt(state.draft, async () => {
        const result = await api.updateEnvironment(state.input);
        alertApi.post({
          message: `Saved the settings of ${environment.name}; ${result.redeployments.length} redeployed`,
          severity: 'success',
          display: 'transient',
        });
        setState({ step: 'view' });
        onSaved();
      });
    return (
      <RedeploymentReview
        redeployments={state.redeployments}
        busy={busy}
        onSave={save}
        onBack={() => setState({ step: 'edit', draft: state.draft })}
      />
    );
  }

  const { draft, error } = state;
  const input = inputOf(environment, draft);
  const changes =
    input && ('overrides' in input || 'backupStorageLocation' in input);
  const problems = fieldErrorsOf(error, FIELDS);
  const edit = (next: Partial<Draft>) =>
    setState({ step: 'edit', draft: { ...draft, ...next } });
  const review = (reviewed: UpdateEnvironmentInput) =>
    attempt(draft, async () => {
      // Only the overrides redeploy; the backup storage location changes no context.
      const redeployments = reviewed.overrides
        ? await api.previewEnvironmentUpdate(reviewed)
        : [];
      setState({ step: 'review', draft, input: reviewed, redeployments });
    });
  return (
    <>
      <BackupStorageLocationSelect
        value={draft.location}
        onChange={location => edit({ location })}
        problem={helperTextOf(problems, 'backupStorageLocation')}
      />
      <SettingsFields
        input="overrides"
        draft={draft.settings}
        problems={problems}
        onChange={settings => edit({ settings })}
      />
      {problems[''] && error && <StyrminErrorPanel error={error} />}
      <Box mt={2} display="flex" gridGap={8}>
        <Button
          variant="contained"
          color="primary"
          disabled={busy || !changes}
          onClick={() => input && review(input)}
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
