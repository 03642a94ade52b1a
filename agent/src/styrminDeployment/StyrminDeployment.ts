import { KubernetesObject } from '@kubernetes/client-node';
import {
  DriverComponent,
  DriverService,
  GlobalContext,
  HelmChartSource,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { Condition } from './conditions';

/** The API group of Styrmin's custom resources. */
export const STYRMIN_GROUP = 'styrmin.io';
export const STYRMIN_VERSION = 'v1alpha1';
export const STYRMIN_API_VERSION = `${STYRMIN_GROUP}/${STYRMIN_VERSION}`;
export const STYRMIN_DEPLOYMENT_KIND = 'StyrminDeployment';
export const STYRMIN_DEPLOYMENT_PLURAL = 'styrmindeployments';

/**
 * The namespace that holds the StyrminDeployment resources by default: the agent's own.
 * They stay out of the deployments' namespaces so that a Velero backup of `styrmin-<id>`
 * never carries the recorded intent (a restore or a clone would otherwise bring back an
 * old instance's spec), so that deleting that namespace by hand is drift the operator
 * corrects rather than the loss of the intent, and so that contexts, which hold secret
 * values, are readable only where the agent runs.
 */
export const DEFAULT_OPERATOR_NAMESPACE = 'styrmin-system';

const Sha256Digest = z.string().regex(/^sha256:[0-9a-f]{64}$/, {
  error: 'Must be sha256:<64 hex digits>',
});

/**
 * The component overrides as the context resolves them; the operator reads nothing else of
 * the context but the deployment's identity, and hands the whole context to the values
 * template.
 */
const ComponentContext = z.looseObject({
  replicas: z.int().min(0).optional(),
  env: z.record(z.string(), z.string()).optional(),
  image: z.string().min(1).optional(),
  command: z.array(z.string()).optional(),
  args: z.array(z.string()).optional(),
});

const ContextShape = z.looseObject({
  deployment: z.looseObject({
    id: z.string().min(1),
    name: z.string().min(1),
    namespace: z.string().min(1),
  }),
  driver: z.looseObject({ name: z.string(), version: z.string() }),
  components: z.record(z.string(), ComponentContext),
});

/**
 * `spec` of a StyrminDeployment: everything the operator needs to reconcile one instance of
 * a deployment, with no call to the server. The worker writes it whole for each new
 * instance; the chart, components and services are the driver version's own declarations
 * (driver.styrmin.yml field names), so that the operator reads them as drivers define them.
 */
export const StyrminDeploymentSpec = z.strictObject({
  /** The instance this spec was written for. */
  instanceId: z.string().min(1),
  /**
   * The task whose operator phases this spec starts: the steps the operator records belong
   * to it. Absent for a resource written by hand.
   */
  taskId: z.string().min(1).optional(),
  driver: z.strictObject({
    name: z.string().min(1),
    version: z.string().min(1),
    /** The content digest of the driver version: it names the chart of a `directory` source. */
    digest: Sha256Digest,
  }),
  /** `spec.helm.main` of the driver version, but its values template, which comes inline. */
  chart: z.strictObject({
    source: HelmChartSource,
    chart: z.string().min(1),
    version: z.string().min(1),
  }),
  /** The driver's values template (nunjucks); the operator renders it with the context. */
  valuesTemplate: z.string(),
  components: z.record(z.string(), DriverComponent),
  services: z.array(DriverService).default([]),
  /** Components that run 0 pods; each keeps its replica count in the context. */
  stoppedComponents: z.array(z.string()).default([]),
  /**
   * When each component was last restarted (an RFC 3339 time, by component): the operator
   * puts it in the pod template of the component's workloads as
   * `kubectl.kubernetes.io/restartedAt`, which rolls their pods as `kubectl rollout
   * restart` does.
   */
  restartedComponents: z.record(z.string(), z.string().min(1)).default({}),
  /** The context (GlobalContext) of the instance. */
  context: ContextShape,
});

/** @public */
export type StyrminDeploymentSpec = Omit<
  z.infer<typeof StyrminDeploymentSpec>,
  'context'
> & { context: GlobalContext };

/**
 * `status` of a StyrminDeployment: the generation the operator last reconciled, its
 * conditions (see conditions.ts) and the components it keeps stopped. Only the operator
 * writes it.
 *
 * @public
 */
export interface StyrminDeploymentStatus {
  observedGeneration?: number;
  conditions?: Condition[];
  /**
   * `spec.stoppedComponents` as the operator last applied it: the status reporter sends
   * `.status` alone, so the server learns from it which components are stopped.
   */
  stoppedComponents?: string[];
}

/** @public */
export type StyrminDeployment = KubernetesObject & {
  spec: StyrminDeploymentSpec;
  status?: StyrminDeploymentStatus;
};
