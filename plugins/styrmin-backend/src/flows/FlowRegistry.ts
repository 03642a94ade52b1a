import { InputError } from '@backstage/errors';
import { FlowName } from '@styrmin/plugin-styrmin-common';
import { Flow } from './Flow';

/**
 * Options of {@link FlowRegistry.create}.
 *
 * @internal
 */
export type FlowRegistryOptions = {
  flows: readonly Flow[];
};

/**
 * The flow implementations that a worker runs, by flow name.
 *
 * @internal
 */
export class FlowRegistry {
  readonly #flows: ReadonlyMap<FlowName, Flow>;

  /** Refuses two flows of one name, and a flow with two steps of one name. */
  static create(options: FlowRegistryOptions): FlowRegistry {
    const flows = new Map<FlowName, Flow>();
    for (const flow of options.flows) {
      if (flows.has(flow.name)) {
        throw new InputError(`Flow ${flow.name} is registered twice`);
      }
      const stepNames = flow.steps.map(step => step.name);
      const repeated = stepNames.find(
        (name, index) => stepNames.indexOf(name) !== index,
      );
      if (repeated !== undefined) {
        throw new InputError(
          `Flow ${flow.name} has two steps named "${repeated}"`,
        );
      }
      flows.set(flow.name, flow);
    }
    return new FlowRegistry(flows);
  }

  private constructor(flows: ReadonlyMap<FlowName, Flow>) {
    this.#flows = flows;
  }

  get(name: FlowName): Flow | undefined {
    return this.#flows.get(name);
  }
}
