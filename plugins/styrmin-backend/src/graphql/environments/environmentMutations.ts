import { NotFoundError } from '@backstage/errors';
import {
  allValid,
  parseBackupStorageLocation,
  parseEnvironmentOverrides,
  parseEnvironmentSettings,
  parseRecordName,
  styrminEnvironmentCreatePermission,
  styrminEnvironmentDeletePermission,
  styrminEnvironmentUpdatePermission,
  withinField,
} from '@styrmin/plugin-styrmin-common';
import { ClusterStore } from '../../clusters/ClusterStore';
import { EnvironmentStore } from '../../environments/EnvironmentStore';
import { SettingsChanges } from '../../reconciliation/SettingsChanges';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The environment mutations: create, update (redeploying what the overrides change) and
 * delete.
 *
 * @internal
 */
export function createEnvironmentMutations(options: {
  clusters: ClusterStore;
  environments: EnvironmentStore;
  settingsChanges: SettingsChanges;
}): StyrminResolvers {
  const { clusters, environments, settingsChanges: changes } = options;
  return {
    Mutation: {
      createEnvironment: withPermission(
        styrminEnvironmentCreatePermission,
        async (_parent, { input }, context) => {
          const valid = allValid({
            name: parseRecordName(input.name),
            overrides: withinField(
              'overrides',
              parseEnvironmentOverrides(input.overrides ?? {}),
            ),
            settings: withinField(
              'settings',
              parseEnvironmentSettings(input.settings ?? {}),
            ),
            backupStorageLocation: parseBackupStorageLocation(
              input.backupStorageLocation ?? null,
            ),
          });
          if (!(await clusters.getCluster({ id: input.cluster }))) {
            throw new NotFoundError(`Cluster ${input.cluster} does not exist`);
          }
          return environments.createEnvironment({
            name: valid.name,
            clusterId: input.cluster,
            overrides: valid.overrides,
            settings: valid.settings,
            backupStorageLocation: valid.backupStorageLocation ?? undefined,
            createdBy: callerRef(context.credentials),
          });
        },
      ),
      updateEnvironment: withPermission(
        styrminEnvironmentUpdatePermission,
        async (_parent, { input }, context) => {
          const result = await changes.updateEnvironment({
            environmentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            overridesPatch: input.overrides ?? undefined,
            settingsPatch: input.settings ?? undefined,
            // Absent leaves it; null removes it.
            backupStorageLocation: input.backupStorageLocation,
            updatedBy: callerRef(context.credentials),
          });
          return {
            environment: result.record,
            changed: result.changed,
            redeployments: result.redeployments,
          };
        },
      ),
      deleteEnvironment: withPermission(
        styrminEnvironmentDeletePermission,
        (_parent, { input }, context) =>
          changes.deleteEnvironment({
            environmentId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            deletedBy: callerRef(context.credentials),
          }),
      ),
    },
  };
}
