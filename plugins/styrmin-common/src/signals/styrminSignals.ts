/**
 * The kinds of record whose changes the styrmin backend announces as Backstage signals.
 *
 * @public
 */
export type StyrminSignalRecord = 'deployment' | 'environment' | 'cluster';

/**
 * The message of a Styrmin signal. It says which record changed, never how: the UI reads
 * the record again through the API, with the reader's permissions, so a signal broadcast
 * to every signed-in user carries nothing they may not see.
 *
 * @public
 */
export type StyrminSignalMessage = {
  record: StyrminSignalRecord;
  id: string;
};

/**
 * The signal channel of one record: `styrmin:deployment:<id>`, `styrmin:environment:<id>`
 * or `styrmin:cluster:<id>`. A deployment's channel carries changes of its state, tasks,
 * steps, pods and DeploymentStatus; its environment's channel carries them too, and
 * changes of the environment itself; a cluster's channel carries changes of the cluster
 * (its settings, its agent's last call) and of its environments.
 *
 * @public
 */
export function styrminSignalChannel(message: StyrminSignalMessage): string {
  return `styrmin:${message.record}:${message.id}`;
}
