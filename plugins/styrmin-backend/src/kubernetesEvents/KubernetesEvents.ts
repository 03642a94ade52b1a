/**
 * A core v1 Event, as `kubectl get events` shows it.
 *
 * @internal
 */
export interface KubernetesEvent {
  /** The name the Kubernetes plugin gives the cluster it was read from. */
  cluster: string;
  type: string;
  reason: string;
  message: string;
  /** The involved object, `<kind>/<name>`. */
  object: string;
  /** The related object, `<kind>/<name>`, if the Event names one. */
  related?: string;
  /** The component that reported it. */
  source?: string;
  count: number;
  lastSeen: Date;
}

/** @internal */
export interface KubernetesEventsListOptions {
  namespace: string;
}

/**
 * Where the API reads the Kubernetes Events of a deployment's namespace.
 *
 * @internal
 */
export interface KubernetesEvents {
  /**
   * The Events of the namespace in every cluster, newest first (by when last seen). A
   * cluster without the namespace has none; one that does not answer is a
   * ServiceUnavailableError.
   */
  list(options: KubernetesEventsListOptions): Promise<KubernetesEvent[]>;
}
