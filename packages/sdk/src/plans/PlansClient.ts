import { ClientParts } from '../backups/ClientParts';
import { CreateDeploymentInput } from '../operations/createDeployment';
import { EditComponentOverridesInput } from '../operations/editComponentOverrides';
import { EditDeploymentInput } from '../operations/editDeployment';
import { DeploymentChangeResult } from '../operations/recordFields';
import { UpgradeDeploymentInput } from '../operations/upgradeDeployment';
import {
  applyPlanOperation,
  Plan,
  planCreateDeploymentOperation,
  planEditComponentOverridesOperation,
  planEditDeploymentOperation,
  planOperation,
  planUpgradeDeploymentOperation,
} from '../operations/plans';

/** A change's input without what planning it decides. */
type Planned<T> = Omit<T, 'dryRun' | 'plan'>;

/**
 * The plans of changes: `StyrminClient.plans`. Each change planned is its dry run, kept as
 * a plan that `apply` makes by its id while nothing it was computed from changed (otherwise
 * CONFLICT, naming what). Every failure rejects with a {@link StyrminApiError}.
 *
 * @public
 */
export class PlansClient {
  readonly #execute: ClientParts['execute'];

  /** @internal */
  static create(parts: ClientParts): PlansClient {
    return new PlansClient(parts);
  }

  private constructor(parts: ClientParts) {
    this.#execute = parts.execute;
  }

  /** Plans a deployment's creation. */
  create(input: Planned<CreateDeploymentInput>): Promise<Plan> {
    return this.#execute(planCreateDeploymentOperation, {
      input: { ...input, plan: true },
    });
  }

  /** Plans an edit of a deployment's configuration. */
  edit(input: Planned<EditDeploymentInput>): Promise<Plan> {
    return this.#execute(planEditDeploymentOperation, {
      input: { ...input, plan: true },
    });
  }

  /** Plans an upgrade of a deployment to another version of its driver. */
  upgrade(input: Planned<UpgradeDeploymentInput>): Promise<Plan> {
    return this.#execute(planUpgradeDeploymentOperation, {
      input: { ...input, plan: true },
    });
  }

  /** Plans an edit of one component's overrides. */
  editComponentOverrides(
    input: Planned<EditComponentOverridesInput>,
  ): Promise<Plan> {
    return this.#execute(planEditComponentOverridesOperation, {
      input: { ...input, plan: true },
    });
  }

  /** A plan by its id, or undefined for an unknown one. */
  get(id: string): Promise<Plan | undefined> {
    return this.#execute(planOperation, { id });
  }

  /** Applies a plan by its id: the planned change, made now. */
  apply(id: string): Promise<DeploymentChangeResult> {
    return this.#execute(applyPlanOperation, { input: { id } });
  }
}
