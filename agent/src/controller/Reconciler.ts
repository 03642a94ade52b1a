/**
 * What a reconcile asks for next (controller-runtime's reconcile.Result): nothing, or
 * another look after `requeueAfterMs`, while it waits for something no watch reports.
 *
 * @public
 */
export interface ReconcileResult {
  requeueAfterMs?: number;
}

/**
 * Brings the object of one work-queue key (`namespace/name`) to its desired state. The key
 * carries no event: a reconcile reads the state it acts on (level-triggered), so running it
 * again changes nothing. Throwing retries the key with backoff; a TerminalError does not.
 *
 * @public
 */
export interface Reconciler {
  reconcile(key: string): Promise<ReconcileResult>;
}
