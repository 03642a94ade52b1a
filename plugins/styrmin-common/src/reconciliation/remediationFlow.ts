import { GlobalContext } from '../context/GlobalContext';
import { FlowName } from '../tasks/FlowName';

/**
 * The flows that the remediator starts.
 *
 * @public
 */
export type RemediationFlow = Extract<
  FlowName,
  'CREATE_INSTANCE' | 'UPDATE_INSTANCE' | 'UPGRADE_INSTANCE' | 'DELETE'
>;

/**
 * The remediator's rule: the flow that takes a deployment from its active instance to
 * the newly generated one. No desired instance is a deletion (DELETE); no active instance
 * is the first instance (CREATE_INSTANCE); another application driver version is an
 * upgrade (UPGRADE_INSTANCE), which runs the upgrade hook; anything else is an update of
 * the same driver version (UPDATE_INSTANCE).
 *
 * @public
 */
export function remediationFlow(options: {
  active?: Pick<GlobalContext, 'driver'>;
  desired?: Pick<GlobalContext, 'driver'>;
}): RemediationFlow {
  const { active, desired } = options;
  if (!desired) {
    return 'DELETE';
  }
  if (!active) {
    return 'CREATE_INSTANCE';
  }
  return active.driver.name === desired.driver.name &&
    active.driver.version === desired.driver.version
    ? 'UPDATE_INSTANCE'
    : 'UPGRADE_INSTANCE';
}
