import { TransactionOption } from '../database/TransactionOption';

/**
 * Options of {@link ChangeNotifier.notify}: the records that changed, by id.
 *
 * @internal
 */
export type ChangeNotifierNotifyOptions = TransactionOption & {
  /** Deployments whose state, tasks, steps, pods or DeploymentStatus changed. */
  deploymentIds?: string[];
  /** Environments whose own record changed (overrides, backup storage location, deletion). */
  environmentIds?: string[];
  /** Clusters whose own record changed (settings, agent token, agent last seen). */
  clusterIds?: string[];
};

/**
 * Where the backend says that records changed, so that the pages that show them refresh
 * without a reload. Writers call it with their transaction, at the place they write; the
 * announcement goes out once that transaction commits, and never for one that rolls back,
 * so that a reader who refreshes on it reads what was committed.
 *
 * @internal
 */
export interface ChangeNotifier {
  /**
   * Announces that records changed: after `tx` commits when given (nothing when it rolls
   * back), at once otherwise. Never waits and never throws: an announcement is a hint, and
   * a lost one is made up for by the readers' polling.
   */
  notify(options: ChangeNotifierNotifyOptions): void;
}
