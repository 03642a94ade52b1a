import { ClusterSettings } from '@styrmin/plugin-styrmin-common';
import { Utility } from './Utility';

/**
 * The utilities a cluster gets, by its settings:
 *
 * 1. none when `utilities_enabled` is false (a cluster that brings its own ingress
 *    controller and DNS);
 * 2. none that `disabled_utilities` names;
 * 3. none that requires a setting the cluster leaves unset;
 * 4. every other one, in the catalog's order.
 *
 * @internal
 */
export function wantedUtilities(
  utilities: ReadonlyArray<Utility>,
  settings: ClusterSettings,
): Utility[] {
  if (settings.utilities_enabled === false) {
    return [];
  }
  const disabled = new Set(settings.disabled_utilities ?? []);
  return utilities.filter(
    utility =>
      !disabled.has(utility.name) &&
      utility.requires.every(setting => settings[setting] !== undefined),
  );
}
