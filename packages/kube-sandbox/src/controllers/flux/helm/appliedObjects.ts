import { SandboxApi } from '../../../api/SandboxApi';
import { RequestScope } from '../../../api/types';
import { KubeObject } from '../../../store/types';
import { MANAGER, NAME_LABEL, NAMESPACE_LABEL } from './ownership';
import { ReleaseAction } from './ReleaseAction';
import { ReleaseDeps, DesiredRelease } from './ReleaseRequest';
import { installOrder, scopeOf } from './releaseObjects';
import { renderRelease } from './renderRelease';

/** Renders a release's objects with the real helm and the post-renderers. */
export async function renderObjects(
  deps: ReleaseDeps,
  release: KubeObject,
  desired: DesiredRelease,
  action: ReleaseAction,
): Promise<KubeObject[]> {
  return renderRelease({
    tools: await deps.tools(),
    chartPath: desired.chart.path,
    releaseName: desired.releaseName,
    namespace: desired.targetNamespace,
    values: desired.values,
    postRenderers: release.spec.postRenderers ?? [],
    includeCrds: action.includesCrds(release),
  });
}

/** A rendered object as helm-controller applies it: in its namespace, labelled and annotated. */
export function appliedBody(
  api: SandboxApi,
  release: KubeObject,
  desired: DesiredRelease,
  object: KubeObject,
): { scope: RequestScope; body: KubeObject } {
  const target = desired.targetNamespace;
  const scope = scopeOf(api, object, target);
  const body: KubeObject = {
    ...object,
    metadata: {
      ...object.metadata,
      ...(scope.namespace ? { namespace: scope.namespace } : {}),
      labels: {
        ...object.metadata.labels,
        'app.kubernetes.io/managed-by': 'Helm',
        [NAME_LABEL]: release.metadata.name!,
        [NAMESPACE_LABEL]: release.metadata.namespace!,
      },
      annotations: {
        ...object.metadata.annotations,
        'meta.helm.sh/release-name': desired.releaseName,
        'meta.helm.sh/release-namespace': target,
      },
    },
  };
  return { scope, body };
}

/** An object from the chart as it is stored: in its namespace (none when cluster-scoped). */
export function normalized(
  api: SandboxApi,
  object: KubeObject,
  desired: DesiredRelease,
): KubeObject {
  const scope = scopeOf(api, object, desired.targetNamespace);
  return {
    ...object,
    metadata: {
      ...object.metadata,
      namespace: scope.type.namespaced ? scope.namespace : undefined,
    },
  };
}

/** Applies the rendered objects server-side, in helm's install order. */
export function applyObjects(
  api: SandboxApi,
  release: KubeObject,
  desired: DesiredRelease,
  objects: KubeObject[],
  action: ReleaseAction,
): void {
  action.prepareNamespace(api, release, desired.targetNamespace);
  for (const object of installOrder(objects)) {
    const { scope, body } = appliedBody(api, release, desired, object);
    api.patch(scope, object.metadata.name!, 'apply', body, {
      fieldManager: MANAGER,
      force: true,
    });
  }
}
