import { LoggerService } from '@backstage/backend-plugin-api';
import { SignalsService } from '@backstage/plugin-signals-node';
import {
  StyrminSignalMessage,
  styrminSignalChannel,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { ChangeNotifier, ChangeNotifierNotifyOptions } from './ChangeNotifier';

/**
 * Options of {@link SignalsChangeNotifier.create}.
 *
 * @internal
 */
export type SignalsChangeNotifierOptions = {
  signals: SignalsService;
  logger: LoggerService;
  deployments: Pick<DeploymentStore, 'getDeployments'>;
  environments: Pick<EnvironmentStore, 'getEnvironments'>;
};

/** What one transaction changed, gathered until it commits. */
type Changes = {
  deploymentIds: Set<string>;
  environmentIds: Set<string>;
  clusterIds: Set<string>;
};

/**
 * How many record-to-parent links are kept. They never change (a deployment stays in its
 * environment, an environment in its cluster), so the cache only saves lookups; past this
 * size it starts again rather than grow without end.
 */
const MAX_CACHED_PARENTS = 10_000;

/**
 * The {@link ChangeNotifier} on Backstage signals: each changed record is announced on its
 * channel (`styrminSignalChannel`) to every signed-in user, with a message that names the
 * record and nothing else. A deployment's change is announced on its environment's channel
 * too, and an environment's on its cluster's, so that a page showing many records listens
 * to a few channels. What one transaction changes goes out once, after it commits.
 *
 * @internal
 */
export class SignalsChangeNotifier implements ChangeNotifier {
  readonly #signals: SignalsService;
  readonly #logger: LoggerService;
  readonly #deployments: SignalsChangeNotifierOptions['deployments'];
  readonly #environments: SignalsChangeNotifierOptions['environments'];
  /** The changes of each open transaction, under its outermost transaction. */
  readonly #pending = new WeakMap<Knex.Transaction, Changes>();
  readonly #parents = new Map<string, string>();

  static create(options: SignalsChangeNotifierOptions): SignalsChangeNotifier {
    return new SignalsChangeNotifier(options);
  }

  private constructor(options: SignalsChangeNotifierOptions) {
    this.#signals = options.signals;
    this.#logger = options.logger;
    this.#deployments = options.deployments;
    this.#environments = options.environments;
  }

  notify(options: ChangeNotifierNotifyOptions): void {
    const { tx } = options;
    if (!tx?.isTransaction) {
      this.#announce(gather(emptyChanges(), options));
      return;
    }
    // A savepoint that is released may still roll back with its parent: wait for the top.
    let root = tx as Knex.Transaction;
    while (root.parentTransaction) {
      root = root.parentTransaction;
    }
    const pending = this.#pending.get(root);
    if (pending) {
      gather(pending, options);
      return;
    }
    const changes = gather(emptyChanges(), options);
    this.#pending.set(root, changes);
    root.executionPromise.then(
      () => this.#announce(changes),
      // Rolled back: nothing changed.
      () => undefined,
    );
  }

  #announce(changes: Changes): void {
    this.#publishAll(changes).catch(error =>
      this.#logger.warn(`Could not announce Styrmin changes: ${error}`),
    );
  }

  async #publishAll(changes: Changes): Promise<void> {
    const environmentsOfDeployments = await this.#parentsOf(
      [...changes.deploymentIds],
      async ids =>
        (
          await this.#deployments.getDeployments({ ids })
        ).map(d => [d.id, d.environmentId]),
    );
    const clustersOfEnvironments = await this.#parentsOf(
      [...changes.environmentIds],
      async ids =>
        (
          await this.#environments.getEnvironments({ ids })
        ).map(e => [e.id, e.clusterId]),
    );
    const messages = new Map<string, StyrminSignalMessage>();
    const add = (
      record: StyrminSignalMessage['record'],
      ids: Iterable<string>,
    ) => {
      for (const id of ids) {
        const message: StyrminSignalMessage = { record, id };
        messages.set(styrminSignalChannel(message), message);
      }
    };
    add('deployment', changes.deploymentIds);
    add('environment', [
      ...changes.environmentIds,
      ...environmentsOfDeployments,
    ]);
    add('cluster', [...changes.clusterIds, ...clustersOfEnvironments]);
    await Promise.all(
      [...messages].map(([channel, message]) =>
        this.#signals.publish({
          recipients: { type: 'broadcast' },
          channel,
          message,
        }),
      ),
    );
  }

  /** The parents of these records, looked up once each. */
  async #parentsOf(
    ids: string[],
    lookUp: (ids: string[]) => Promise<Array<[string, string]>>,
  ): Promise<string[]> {
    const unknown = ids.filter(id => !this.#parents.has(id));
    if (unknown.length > 0) {
      const found = await lookUp(unknown);
      if (this.#parents.size + found.length > MAX_CACHED_PARENTS) {
        this.#parents.clear();
      }
      for (const [id, parent] of found) {
        this.#parents.set(id, parent);
      }
    }
    return ids.flatMap(id => this.#parents.get(id) ?? []);
  }
}

function emptyChanges(): Changes {
  return {
    deploymentIds: new Set(),
    environmentIds: new Set(),
    clusterIds: new Set(),
  };
}

function gather(
  changes: Changes,
  options: ChangeNotifierNotifyOptions,
): Changes {
  options.deploymentIds?.forEach(id => changes.deploymentIds.add(id));
  options.environmentIds?.forEach(id => changes.environmentIds.add(id));
  options.clusterIds?.forEach(id => changes.clusterIds.add(id));
  return changes;
}
