import { changeActions } from './changeActions';
import { planActions } from './planActions';
import { readActions } from './readActions';
import { StyrminAction } from './StyrminAction';

/**
 * Every Styrmin action, reads first: what registerStyrminActions registers and
 * docs/backstage-actions.md lists (scripts/generate-backstage-actions-docs.ts).
 *
 * @internal
 */
export const styrminActions: StyrminAction[] = [
  ...readActions,
  ...changeActions,
  ...planActions,
];
