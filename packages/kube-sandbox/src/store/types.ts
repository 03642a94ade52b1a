/** An owner reference, as in `metadata.ownerReferences`. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** One entry of `metadata.managedFields`. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time: string;
  fieldsType: 'FieldsV1';
  fieldsV1: FieldsV1;
  subresource?: string;
}

/** The nested set format of `fieldsV1` (`{"f:spec": {"f:replicas": {}}}`). */
export interface FieldsV1 {
  [pathElement: string]: FieldsV1;
}

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
  managedFields?: ManagedFieldsEntry[];
  [field: string]: unknown;
}

/** Any Kubernetes object as JSON. Objects held by the store are deep-frozen. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  [field: string]: any;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One committed change, as the store's history and its subscribers see it. */
export interface StoreEvent {
  type: WatchEventType;
  /** `<group>/<plural>`, the store's name for a resource. */
  resourceKey: string;
  namespace: string;
  name: string;
  /** The object after the change; for DELETED its last state, at the event's resourceVersion. */
  object: KubeObject;
  /** The object before the change; absent for ADDED. */
  previous?: KubeObject;
  resourceVersion: number;
}
