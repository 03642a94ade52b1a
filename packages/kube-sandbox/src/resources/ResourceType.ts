import { KubeObject } from '../store/types';
import { JsonMap } from '../util/json';
import type { NameRule } from './fieldErrors';

/** One `details.causes[]` entry of a Status, as a field error. */
export interface StatusCause {
  reason: string;
  message: string;
  field?: string;
}

/** Where a resource keeps what its `/scale` subresource shows, as JSON paths (`.spec.replicas`). */
export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/** A column of `kubectl get` output (a CRD's `additionalPrinterColumns`, in the same shape). */
export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  priority?: number;
  format?: string;
}

/**
 * What differs between resources on writes, as the apiserver's REST strategies do it:
 * server-set fields and defaults, then validation. Every hook gets a mutable copy.
 */
export interface ResourceStrategy {
  /** Defaults, applied to every create and update before validation and comparison. */
  applyDefaults?(object: KubeObject): void;
  /** Server-set state on create (a Pod's `status.phase`, a Service's `clusterIP`). */
  prepareForCreate?(object: KubeObject): void;
  /** Carries over what an update must not lose (a Service's allocated `clusterIP`). */
  prepareForUpdate?(object: KubeObject, old: KubeObject): void;
  /** Field errors that make the write a 422; `old` is set on updates. */
  validate?(object: KubeObject, old?: KubeObject): StatusCause[];
}

/**
 * The semantics of a list field for strategic merge patch and server-side apply: merged by
 * key (`containers` by `name`), merged as a set (`finalizers`) or replaced whole.
 */
export type ListSemantics =
  | { type: 'map'; key: string }
  | { type: 'set' }
  | { type: 'atomic' };

/** A resource the sandbox serves: a built-in type or one defined by a CRD. */
export interface ResourceType {
  /** `''` for the core group. */
  group: string;
  /** The served versions; the first is the preferred one. */
  versions: string[];
  /** The version objects are stored in (the others are served by relabelling them). */
  storageVersion: string;
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  /** How object names are checked. */
  nameRule: NameRule;
  shortNames: string[];
  categories: string[];
  /** Built-in types accept strategic merge patches; custom resources answer 415. */
  builtin: boolean;
  /** Whether `/status` is a subresource (writes to the main resource then ignore `.status`). */
  status: boolean;
  scale?: ScaleSubresource;
  /** Subresources served by their own handlers (`pods/log`, `namespaces/finalize`). */
  extraSubresources: string[];
  /** Whether objects carry `metadata.generation`. */
  generation: boolean;
  /** Field selector fields besides `metadata.name` and `metadata.namespace`. */
  fieldLabels: Record<string, (object: KubeObject) => string | undefined>;
  printerColumns: PrinterColumn[];
  strategy: ResourceStrategy;
  /** What a delete without a propagation policy does to dependents. */
  defaultPropagation: 'Background' | 'Orphan';
  /** Whether a finished delete answers with the object instead of a Success Status. */
  returnsDeletedObject: boolean;
  /** A custom resource's `openAPIV3Schema` (its storage version's), served for `kubectl explain`. */
  openApiSchema?: JsonMap;
  /** The list semantics at a field path (list items as `[]`); undefined means atomic. */
  listSemantics(path: readonly string[]): ListSemantics | undefined;
}

/** The store's name for a resource: `<group>/<plural>`. */
export function resourceKey(type: { group: string; plural: string }): string {
  return `${type.group}/${type.plural}`;
}

/** `deployments.apps`, or `pods` for the core group, as error messages name a resource. */
export function qualifiedResource(type: {
  group: string;
  plural: string;
}): string {
  return type.group ? `${type.plural}.${type.group}` : type.plural;
}

/** `apps/v1`, or `v1` for the core group. */
export function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}
