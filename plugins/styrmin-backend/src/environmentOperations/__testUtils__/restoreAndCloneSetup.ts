import { EnvironmentClones } from '../EnvironmentClones';
import { EnvironmentRestores } from '../EnvironmentRestores';
import { setupEnvironmentBackups } from './environmentBackupSetup';

/**
 * The environment restores and clones on the records of `setupEnvironmentBackups`.
 */
export function withRestoreAndClone(
  setup: Awaited<ReturnType<typeof setupEnvironmentBackups>>,
) {
  return {
    ...setup,
    environmentRestores: EnvironmentRestores.create(setup),
    environmentClones: EnvironmentClones.create(setup),
  };
}
