import {
  allValid,
  parseClusterSettings,
  parseRecordName,
  styrminClusterCreatePermission,
  styrminClusterUpdatePermission,
  withinField,
} from '@styrmin/plugin-styrmin-common';
import { ClusterStore } from '../../clusters/ClusterStore';
import { SettingsChanges } from '../../reconciliation/SettingsChanges';
import { ClusterUtilities } from '../../utilities/ClusterUtilities';
import { callerRef } from '../callerRef';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/**
 * The cluster mutations. The agent token appears only in what `registerCluster` and
 * `rotateAgentToken` return.
 *
 * @internal
 */
export function createClusterMutations(options: {
  clusters: ClusterStore;
  settingsChanges: SettingsChanges;
  clusterUtilities: ClusterUtilities;
}): StyrminResolvers {
  const { clusters, settingsChanges: changes, clusterUtilities } = options;
  const update = styrminClusterUpdatePermission;
  return {
    Mutation: {
      registerCluster: withPermission(
        styrminClusterCreatePermission,
        (_parent, { input }, context) => {
          const { name, settings } = allValid({
            name: parseRecordName(input.name),
            settings: withinField(
              'settings',
              parseClusterSettings(input.settings ?? {}),
            ),
          });
          // With its system environment and its utilities (docs/utilities.md).
          return clusterUtilities.registerCluster({
            name,
            settings,
            createdBy: callerRef(context.credentials),
          });
        },
      ),
      updateCluster: withPermission(
        update,
        async (_parent, { input }, context) => {
          const result = await changes.updateCluster({
            clusterId: input.id,
            expectedVersion: input.expectedVersion ?? undefined,
            settingsPatch: input.settings,
            updatedBy: callerRef(context.credentials),
          });
          // The utilities the new settings switch on or off (utilities_enabled,
          // disabled_utilities, a required setting), created or deleted after the change.
          const utilities = result.changed
            ? await clusterUtilities.reconcileCluster({ clusterId: input.id })
            : [];
          return {
            cluster: result.record,
            changed: result.changed,
            redeployments: [...result.redeployments, ...utilities],
          };
        },
      ),
      rotateAgentToken: withPermission(update, (_parent, { input }, context) =>
        clusters.rotateAgentToken({
          id: input.id,
          updatedBy: callerRef(context.credentials),
        }),
      ),
    },
  };
}
