import { KubeConfig } from '@kubernetes/client-node';
import { DriverFiles } from '../drivers/DriverFiles';
import { Logger } from '../logging/Logger';
import { ClusterClient } from './ClusterClient';
import { EventRecorder } from './EventRecorder';
import { Controller } from '../controller/Controller';
import { HelmChartRenderer } from './HelmChartRenderer';
import { createOperatorInformers, operatorSources } from './OperatorInformers';
import { DEFAULT_OPERATOR_NAMESPACE } from '../styrminDeployment/StyrminDeployment';
import { StyrminDeploymentReconciler } from './StyrminDeploymentReconciler';

/** @public */
export interface OperatorOptions {
  kubeConfig: KubeConfig;
  /** Where the StyrminDeployments, their HelmReleases and chart sources live. */
  namespace?: string;
  /** Where the agent serves the charts drivers ship (see ChartSourceOptions). */
  driverChartsUrl: string;
  /** The helm binary, to render charts before their containers are patched. */
  helm: string;
  driverFiles: DriverFiles;
  logger: Logger;
  /** StyrminDeployments reconciled at once. Default 4. */
  workers?: number;
  /** See StyrminDeploymentReconcilerOptions. */
  pollIntervalMs?: number;
}

/**
 * The operator of the agent: the StyrminDeployment controller with its informers and
 * reconciler, started and stopped as one.
 *
 * @public
 */
export class Operator {
  readonly #controller: Controller;

  private constructor(controller: Controller) {
    this.#controller = controller;
  }

  static create(options: OperatorOptions): Operator {
    const namespace = options.namespace ?? DEFAULT_OPERATOR_NAMESPACE;
    const informers = createOperatorInformers(options.kubeConfig, namespace);
    const reconciler = StyrminDeploymentReconciler.create({
      client: ClusterClient.create(options.kubeConfig),
      cache: informers,
      renderer: HelmChartRenderer.create({
        helm: options.helm,
        driverFiles: options.driverFiles,
      }),
      logger: options.logger,
      chartSource: { driverChartsUrl: options.driverChartsUrl },
      pollIntervalMs: options.pollIntervalMs,
      events: EventRecorder.create({
        kubeConfig: options.kubeConfig,
        logger: options.logger,
      }),
    });
    return new Operator(
      Controller.create({
        name: 'styrmindeployment',
        sources: operatorSources(informers, namespace),
        reconciler,
        logger: options.logger,
        workers: options.workers ?? 4,
      }),
    );
  }

  /** Resolves once the informers have listed and the workers run. */
  start(): Promise<void> {
    return this.#controller.start();
  }

  stop(): Promise<void> {
    return this.#controller.stop();
  }
}
