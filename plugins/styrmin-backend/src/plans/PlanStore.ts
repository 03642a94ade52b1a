import { TransactionOption } from '../database/TransactionOption';
import { Plan } from './Plan';

/** @internal */
export type PlanStoreCreateOptions = TransactionOption &
  Omit<Plan, 'id' | 'createdAt' | 'appliedBy' | 'appliedAt' | 'appliedTaskId'>;

/** @internal */
export type PlanStoreGetOptions = TransactionOption & { id: string };

/** @internal */
export type PlanStoreMarkAppliedOptions = TransactionOption & {
  id: string;
  appliedBy: string;
  /** The task that applies it; absent when applying it changed nothing. */
  taskId?: string;
};

/**
 * The plans of changes (issue 19), each kept with the change it was computed for (sealed)
 * until it is applied, once.
 *
 * @internal
 */
export interface PlanStore {
  createPlan(options: PlanStoreCreateOptions): Promise<Plan>;

  /** A plan by id; undefined for an unknown one. */
  getPlan(options: PlanStoreGetOptions): Promise<Plan | undefined>;

  /**
   * Records that a plan was applied: a compare-and-set on its not having been applied, which
   * throws `ConflictError` when it was already (or `NotFoundError` when it is unknown).
   */
  markApplied(options: PlanStoreMarkAppliedOptions): Promise<Plan>;
}
