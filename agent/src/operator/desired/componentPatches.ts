import { KubernetesObject } from '@kubernetes/client-node';
import {
  ComponentContext,
  DriverComponent,
  StyrminError,
} from '@styrmin/plugin-styrmin-common';
import { StyrminDeploymentSpec } from '../../styrminDeployment/StyrminDeployment';
import {
  matchesSelector,
  selectorString,
} from '../../styrminDeployment/labels';

/** The workload kinds whose replicas and pod template the component overrides reach. */
const WORKLOAD_KINDS = ['Deployment', 'StatefulSet'] as const;

type WorkloadKind = (typeof WORKLOAD_KINDS)[number];

/**
 * The pod template annotation of a restart, as `kubectl rollout restart` sets it: a new
 * value is a new template, whose pods replace the old ones.
 */
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';

/** A Deployment or StatefulSet of the rendered chart, as far as the patches need it. */
export interface RenderedWorkload {
  kind: WorkloadKind;
  name: string;
  labels: Record<string, string>;
  /** The pod template's containers in order, each with the names of its env entries. */
  containers: Array<{ name: string; env?: string[] }>;
}

/** One patch of a Flux post-renderer (kustomize `patches`): a JSON 6902 patch and its target. */
export interface KustomizePatch {
  target: {
    group: string;
    version: string;
    kind: string;
    name?: string;
    labelSelector?: string;
  };
  patch: string;
}

type ContainerOverrides = Pick<
  ComponentContext,
  'env' | 'image' | 'command' | 'args'
>;

/**
 * The overrides the component container receives, or undefined when none applies. An empty
 * args list applies (it replaces the chart's); an empty env map has nothing to merge.
 */
export function containerOverridesOf(
  context: ComponentContext | undefined,
): ContainerOverrides | undefined {
  if (!context) {
    return undefined;
  }
  const { env, image, command, args } = context;
  const applies =
    Object.keys(env ?? {}).length > 0 ||
    image !== undefined ||
    command !== undefined ||
    args !== undefined;
  return applies ? { env, image, command, args } : undefined;
}

/**
 * Whether the patches need the rendered chart: only container overrides do, to address the
 * component container by its index and to prove that the chart renders it.
 */
export function needsRenderedWorkloads(spec: StyrminDeploymentSpec): boolean {
  return Object.keys(spec.components).some(name =>
    containerOverridesOf(spec.context.components[name]),
  );
}

const isHook = (object: KubernetesObject) =>
  Boolean(object.metadata?.annotations?.['helm.sh/hook']);

/**
 * The Deployments and StatefulSets of a rendered chart. Helm hooks are left out: Flux's
 * post-renderers do not reach them either.
 */
export function renderedWorkloads(
  objects: ReadonlyArray<KubernetesObject & { spec?: any }>,
): RenderedWorkload[] {
  return objects
    .filter(
      object =>
        object.apiVersion === 'apps/v1' &&
        (WORKLOAD_KINDS as readonly string[]).includes(object.kind ?? '') &&
        !isHook(object),
    )
    .map(object => ({
      kind: object.kind as WorkloadKind,
      name: object.metadata!.name!,
      labels: object.metadata?.labels ?? {},
      containers: (object.spec?.template?.spec?.containers ?? []).map(
        (container: { name: string; env?: Array<{ name: string }> }) => ({
          name: container.name,
          ...(container.env
            ? { env: container.env.map(entry => entry.name) }
            : {}),
        }),
      ),
    }));
}

const jsonPatch = (operations: object[]) => JSON.stringify(operations);

/**
 * The replica count of a component: 0 while it is stopped, else the context's (the replica
 * override, else the driver default, 1 for a singleton), else none, which leaves the chart's
 * count alone.
 */
function replicasOf(
  spec: StyrminDeploymentSpec,
  component: string,
): number | undefined {
  return spec.stoppedComponents.includes(component)
    ? 0
    : spec.context.components[component]?.replicas;
}

/**
 * Replicas go to every Deployment and StatefulSet that the component's label selector
 * matches, through a kustomize target selector: they need no rendered chart, and a selector
 * that matches nothing changes nothing.
 */
function replicaPatches(
  component: DriverComponent,
  replicas: number,
): KustomizePatch[] {
  return selectorTargets(component).map(target => ({
    target,
    patch: jsonPatch([{ op: 'add', path: '/spec/replicas', value: replicas }]),
  }));
}

/** A kustomize target per workload kind: those that the component's selector matches. */
function selectorTargets(
  component: DriverComponent,
): Array<KustomizePatch['target'] & { kind: WorkloadKind }> {
  return WORKLOAD_KINDS.map(kind => ({
    group: 'apps',
    version: 'v1',
    kind,
    labelSelector: selectorString(component.selector),
  }));
}

/**
 * A restart goes to the pod template of every Deployment and StatefulSet that the
 * component's label selector matches, as a strategic merge patch, which adds the annotation
 * to those the chart gives it (a JSON patch could only replace them all). The patch's own
 * name does not matter: the target selects the workloads.
 */
function restartPatches(
  component: DriverComponent,
  restartedAt: string,
): KustomizePatch[] {
  return selectorTargets(component).map(target => ({
    target,
    patch: JSON.stringify({
      apiVersion: 'apps/v1',
      kind: target.kind,
      metadata: { name: 'restarted' },
      spec: {
        template: {
          metadata: { annotations: { [RESTARTED_AT_ANNOTATION]: restartedAt } },
        },
      },
    }),
  }));
}

/**
 * The component container's overrides on one workload, as JSON 6902 operations: a `test`
 * that the container at the index is the component container (so that, should Flux render
 * the chart differently from the operator, the release fails rather than patching another
 * container), env vars replaced or appended by name so that the chart's other entries stay,
 * and image, command and args replaced whole. JSON patches never add a container, unlike a
 * strategic merge patch on `containers`, which adds one when the name is missing.
 */
function containerPatch(
  workload: RenderedWorkload,
  index: number,
  overrides: ContainerOverrides,
): KustomizePatch {
  const container = workload.containers[index];
  const base = `/spec/template/spec/containers/${index}`;
  const operations: object[] = [
    { op: 'test', path: `${base}/name`, value: container.name },
  ];
  const env = Object.entries(overrides.env ?? {}).sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  if (env.length > 0 && !container.env) {
    operations.push({
      op: 'add',
      path: `${base}/env`,
      value: env.map(([name, value]) => ({ name, value })),
    });
  } else {
    for (const [name, value] of env) {
      const at = container.env!.indexOf(name);
      operations.push(
        ...(at >= 0
          ? [
              { op: 'test', path: `${base}/env/${at}/name`, value: name },
              {
                op: 'replace',
                path: `${base}/env/${at}`,
                value: { name, value },
              },
            ]
          : [{ op: 'add', path: `${base}/env/-`, value: { name, value } }]),
      );
    }
  }
  for (const field of ['image', 'command', 'args'] as const) {
    if (overrides[field] !== undefined) {
      operations.push({
        op: 'add',
        path: `${base}/${field}`,
        value: overrides[field],
      });
    }
  }
  return {
    target: {
      group: 'apps',
      version: 'v1',
      kind: workload.kind,
      name: workload.name,
    },
    patch: jsonPatch(operations),
  };
}

function describeWorkload(workload: RenderedWorkload): string {
  return `${workload.kind} ${workload.name}`;
}

/**
 * COMPONENT_CONTAINER_NOT_FOUND, its message led by the code: the message is what reaches
 * the user (the HelmReleaseReady condition's message, the step's error, the deployment's
 * state reason), so the code travels in it.
 */
function containerNotFound(component: string, why: string): StyrminError {
  const code = 'COMPONENT_CONTAINER_NOT_FOUND';
  return new StyrminError(code, `${code}: component "${component}": ${why}`, {
    field: `components.${component}.container`,
  });
}

/**
 * The container patches of one component, on every workload its selector matches. Fails with
 * COMPONENT_CONTAINER_NOT_FOUND when the chart renders no such workload, or one without the
 * component container: Styrmin never adds a container.
 */
function containerPatches(
  name: string,
  component: DriverComponent,
  overrides: ContainerOverrides,
  workloads: readonly RenderedWorkload[],
): KustomizePatch[] {
  const container = component.container!;
  const matched = workloads.filter(workload =>
    matchesSelector(component.selector, workload.labels),
  );
  if (matched.length === 0) {
    throw containerNotFound(
      name,
      `the chart renders no Deployment or StatefulSet with the labels ${selectorString(
        component.selector,
      )}, so its component container "${container}" cannot receive the overrides`,
    );
  }
  return matched.map(workload => {
    const index = workload.containers.findIndex(c => c.name === container);
    if (index < 0) {
      throw containerNotFound(
        name,
        `${describeWorkload(
          workload,
        )} has no container "${container}" (it has ${
          workload.containers.map(c => `"${c.name}"`).join(', ') || 'none'
        }); Styrmin never adds a container`,
      );
    }
    return containerPatch(workload, index, overrides);
  });
}

/**
 * The post-render patches that apply the component overrides of an instance: the replica
 * count of each component, its last restart, and the overrides of each component container. `workloads` is
 * the rendered chart, which only container overrides need (see needsRenderedWorkloads).
 * Components come in name order, so that equal specs give equal patches.
 */
export function componentPatches(
  spec: StyrminDeploymentSpec,
  workloads: readonly RenderedWorkload[] = [],
): KustomizePatch[] {
  return Object.keys(spec.components)
    .sort()
    .flatMap(name => {
      const component = spec.components[name];
      const replicas = replicasOf(spec, name);
      const overrides = containerOverridesOf(spec.context.components[name]);
      const restartedAt = spec.restartedComponents[name];
      return [
        ...(replicas === undefined ? [] : replicaPatches(component, replicas)),
        ...(restartedAt ? restartPatches(component, restartedAt) : []),
        ...(overrides
          ? containerPatches(name, component, overrides, workloads)
          : []),
      ];
    });
}
