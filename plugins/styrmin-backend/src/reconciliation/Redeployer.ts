import { PromptAnswers } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { DeploymentStore } from '../deployments/DeploymentStore';
import {
  Generation,
  Generator,
  GeneratorGenerateOptions,
} from '../generator/Generator';
import { Remediator } from '../remediator/Remediator';
import { redeploy } from './redeploy';
import { Redeployment } from './types';

/**
 * Options of {@link Redeployer.create}.
 *
 * @internal
 */
export type RedeployerOptions = {
  generator: Generator;
  remediator: Remediator;
  deployments: DeploymentStore;
};

/** The answers to the prompts of the actions of the deployment that a change is about. */
export type RedeploymentPrompts = {
  deploymentId: string;
  answers: PromptAnswers;
};

/**
 * The step that ends every change the reconcilers record: regenerate an environment, then
 * store the instances that changed and have the remediator start what applies each
 * ({@link redeploy}), in the change's transaction.
 *
 * @internal
 */
export class Redeployer {
  readonly #options: RedeployerOptions;

  static create(options: RedeployerOptions): Redeployer {
    return new Redeployer(options);
  }

  private constructor(options: RedeployerOptions) {
    this.#options = options;
  }

  /** Redeploys what a generation the caller made changed. */
  redeploy(options: {
    tx: Knex.Transaction;
    generation: Generation;
    createdBy: string;
    prompts?: RedeploymentPrompts;
  }): Promise<Redeployment[]> {
    return redeploy({ ...options, ...this.#options });
  }

  /** Generates the environment as it is stored now, and redeploys what changed. */
  async regenerate(
    options: Pick<GeneratorGenerateOptions, 'environmentId' | 'lock'> & {
      tx: Knex.Transaction;
      createdBy: string;
      prompts?: RedeploymentPrompts;
    },
  ): Promise<Redeployment[]> {
    const { tx, environmentId, lock, createdBy, prompts } = options;
    const generation = await this.#options.generator.generate({
      tx,
      environmentId,
      lock,
    });
    return this.redeploy({ tx, generation, createdBy, prompts });
  }
}
