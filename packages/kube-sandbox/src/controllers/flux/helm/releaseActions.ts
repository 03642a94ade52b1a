import { install } from './install';
import { ReleaseAction } from './ReleaseAction';
import { upgrade } from './upgrade';

/** The action a status's `lastAttemptedReleaseAction` names. */
export function releaseActionNamed(name: string | undefined): ReleaseAction {
  return name === 'upgrade' ? upgrade : install;
}
