import { ResourceType } from '../resources/ResourceType';
import { KubeObject } from '../store/types';

/** Which resource a request addresses, in which version and namespace. */
export interface RequestScope {
  type: ResourceType;
  /** The version the client speaks; objects are relabelled to it. Default: the storage version. */
  version?: string;
  /** For namespaced resources; absent on list and watch means all namespaces. */
  namespace?: string;
}

export interface WriteOptions {
  /** `dryRun=All`: everything but the commit. */
  dryRun?: boolean;
  /** Who writes, for managedFields. */
  fieldManager?: string;
  /** `status` or `scale`; absent for the main resource. */
  subresource?: string;
}

export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

export interface PatchOptions extends WriteOptions {
  /** Server-side apply takes conflicting fields over. */
  force?: boolean;
}

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: string;
}

export interface DeleteOptions {
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  orphanDependents?: boolean;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: boolean;
}

/** A list response. */
export interface ObjectList {
  apiVersion: string;
  kind: string;
  metadata: {
    resourceVersion: string;
    continue?: string;
    remainingItemCount?: number;
  };
  items: KubeObject[];
}

/** What a write did: the resulting object and whether it created it (201) or not (200). */
export interface WriteResult {
  object: KubeObject;
  created: boolean;
}

/** What a delete answers: the object while finalizers hold it (or for Pods), else a Status. */
export interface DeleteResult {
  body: KubeObject | Record<string, unknown>;
  /** Whether the object is gone from the store. */
  deleted: boolean;
}
