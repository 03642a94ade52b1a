import { GlobalContext } from '../context/GlobalContext';
import { diffContexts } from './diffContexts';

/**
 * Whether a newly generated instance is the same as the active one: their contexts have
 * no difference. The same means reconciliation does nothing and stores nothing.
 *
 * @public
 */
export function isSameInstance(
  active: { context: GlobalContext },
  desired: { context: GlobalContext },
): boolean {
  return diffContexts(active.context, desired.context).length === 0;
}
