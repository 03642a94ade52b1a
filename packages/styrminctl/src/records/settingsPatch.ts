import { mergePatches } from './mergePatches';
import { nestedValue, splitAssignment } from './assignments';
import { readYamlFile } from './readYamlFile';

/**
 * The options with which a command changes a cluster's settings or an environment's
 * overrides.
 */
export interface SettingsFlags {
  /** `key=value`, the key dotted for nested settings (`storage_classes.fast=ssd`). */
  set: string[];
  /** Keys to remove. */
  unset: string[];
  /** A YAML file with settings, which the flags change further. */
  file?: string;
}

/**
 * The JSON merge patch that settings flags describe: the file, then each `--set` (text),
 * then each `--unset` (null, which removes the setting).
 */
export async function settingsPatch(
  flags: SettingsFlags,
): Promise<Record<string, unknown>> {
  let patch: unknown = flags.file ? await readYamlFile(flags.file) : {};
  for (const assignment of flags.set) {
    const [key, value] = splitAssignment('--set', assignment);
    patch = mergePatches(patch, nestedValue(key, value));
  }
  for (const key of flags.unset) {
    patch = mergePatches(patch, nestedValue(key, null));
  }
  return patch as Record<string, unknown>;
}
