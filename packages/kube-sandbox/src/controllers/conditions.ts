import { deepEqual, timestamp } from '../util/json';

/** A status condition as Kubernetes objects carry them. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
  lastProbeTime?: string | null;
  observedGeneration?: number;
}

/**
 * The conditions with one set: `lastTransitionTime` moves only when the status changes (and
 * `lastUpdateTime`, where a kind has it, whenever anything changes), as controllers do it.
 */
export function setCondition(
  conditions: Condition[] | undefined,
  condition: Condition,
  options: { updateTime?: boolean } = {},
): Condition[] {
  const list = [...(conditions ?? [])];
  const at = list.findIndex(c => c.type === condition.type);
  const existing = at >= 0 ? list[at] : undefined;
  const now = timestamp();
  const {
    lastTransitionTime: _t,
    lastUpdateTime: _u,
    ...comparable
  } = existing ?? {};
  const unchanged = existing && deepEqual(comparable, condition);
  const next: Condition = {
    ...condition,
    ...(options.updateTime
      ? { lastUpdateTime: unchanged ? existing.lastUpdateTime : now }
      : {}),
    lastTransitionTime:
      existing && existing.status === condition.status
        ? existing.lastTransitionTime
        : now,
  };
  if (at >= 0) {
    list[at] = unchanged ? existing : next;
  } else {
    list.push(next);
  }
  return list;
}

export function findCondition(
  conditions: Condition[] | undefined,
  type: string,
): Condition | undefined {
  return conditions?.find(c => c.type === type);
}
