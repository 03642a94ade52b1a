import { createHash } from 'node:crypto';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { deepEqual, JsonMap, timestamp } from '../../util/json';
import { Condition, findCondition, setCondition } from '../conditions';
import { Reconciler } from '../Controller';
import { ChartCatalog } from './ChartCatalog';

const GROUP = 'source.toolkit.fluxcd.io';
const MANAGER = 'source-controller';
const KINDS: Record<string, string> = {
  [`${GROUP}/helmrepositories`]: 'HelmRepository',
  [`${GROUP}/ocirepositories`]: 'OCIRepository',
  [`${GROUP}/gitrepositories`]: 'GitRepository',
  [`${GROUP}/helmcharts`]: 'HelmChart',
};
const PLURALS = Object.fromEntries(
  Object.entries(KINDS).map(([key, kind]) => [kind, key]),
);

/** Why a source is not ready, as source-controller words the reasons. */
const FAILURE_REASONS: Record<string, string> = {
  HelmRepository: 'FetchFailed',
  OCIRepository: 'OCIArtifactPullFailed',
  GitRepository: 'GitOperationFailed',
  HelmChart: 'ChartPullError',
};

interface SourceResult {
  artifact?: JsonMap;
  message: string;
  /** For a HelmChart: the revision of the source it was built from. */
  sourceRevision?: string;
}

function shortHash(text: string, algorithm = 'sha256'): string {
  return createHash(algorithm).update(text).digest('hex');
}

/**
 * The source-controller stand-in: HelmRepository, OCIRepository and GitRepository objects are
 * Ready with an artifact when the ChartCatalog knows their URL, and HelmCharts are Ready once
 * their source is and holds the chart in the requested version range. Artifacts are described
 * as Flux describes them (revision, digest, url, lastUpdateTime); nothing is downloaded.
 */
export class SourceController implements Reconciler {
  readonly name = 'flux-source-controller';
  readonly #api: SandboxApi;
  readonly #catalog: ChartCatalog;

  private constructor(api: SandboxApi, catalog: ChartCatalog) {
    this.#api = api;
    this.#catalog = catalog;
  }

  static create(options: {
    api: SandboxApi;
    catalog: ChartCatalog;
  }): SourceController {
    return new SourceController(options.api, options.catalog);
  }

  keysFor(event: StoreEvent): string[] {
    const kind = KINDS[event.resourceKey];
    if (!kind || event.type === 'DELETED') {
      return [];
    }
    const key = `${kind}|${event.namespace}/${event.name}`;
    if (kind === 'HelmChart') {
      return [key];
    }
    // Charts built from this source follow it.
    const charts = this.#api.store
      .list(PLURALS.HelmChart, event.namespace)
      .filter(
        c =>
          c.spec?.sourceRef?.kind === kind &&
          c.spec?.sourceRef?.name === event.name,
      )
      .map(c => `HelmChart|${event.namespace}/${c.metadata.name}`);
    return [key, ...charts];
  }

  start(enqueue: (key: string) => void): void {
    this.#catalog.onChange(() => this.initialKeys().forEach(enqueue));
  }

  initialKeys(): string[] {
    return Object.entries(KINDS).flatMap(([key, kind]) =>
      this.#api.store
        .list(key)
        .map(o => `${kind}|${o.metadata.namespace}/${o.metadata.name}`),
    );
  }

  reconcile(key: string) {
    const [kind, location] = key.split('|');
    const [namespace, name] = location.split('/');
    const source = this.#api.store.get(PLURALS[kind], namespace, name);
    if (!source || source.metadata.deletionTimestamp) {
      return;
    }
    let result: SourceResult | Error;
    try {
      result = this.#examine(kind, source);
    } catch (error) {
      result = error as Error;
    }
    const generation = source.metadata.generation;
    let conditions: Condition[] = source.status?.conditions ?? [];
    const ok = !(result instanceof Error);
    conditions = setCondition(conditions, {
      type: 'Ready',
      status: ok ? 'True' : 'False',
      reason: ok ? 'Succeeded' : FAILURE_REASONS[kind],
      message: ok ? result.message : (result as Error).message,
      observedGeneration: generation,
    });
    if (kind !== 'HelmChart' || ok) {
      conditions =
        ok && (result as SourceResult).artifact
          ? setCondition(conditions, {
              type: 'ArtifactInStorage',
              status: 'True',
              reason: 'Succeeded',
              message: (result as SourceResult).message,
              observedGeneration: generation,
            })
          : conditions.filter(c => c.type !== 'ArtifactInStorage');
    }
    const previousArtifact = source.status?.artifact;
    const artifact = ok ? (result as SourceResult).artifact : previousArtifact;
    const status: JsonMap = {
      conditions,
      observedGeneration: generation,
      ...(source.spec?.url ? { url: source.spec.url } : {}),
      ...(artifact
        ? {
            artifact: {
              ...artifact,
              lastUpdateTime:
                previousArtifact?.revision === artifact.revision
                  ? previousArtifact.lastUpdateTime
                  : timestamp(),
            },
          }
        : {}),
      ...(kind === 'HelmChart' && ok
        ? {
            observedChartName: source.spec.chart,
            observedSourceArtifactRevision: (result as SourceResult)
              .sourceRevision,
          }
        : {}),
    };
    if (!deepEqual(status, source.status)) {
      this.#api.update(
        this.#api.scope(`${GROUP}/v1`, kind, namespace),
        name,
        { ...source, status },
        {
          subresource: 'status',
          fieldManager: MANAGER,
        },
      );
    }
  }

  #examine(kind: string, source: KubeObject): SourceResult {
    const { namespace, name } = source.metadata;
    const artifactUrl = (file: string) =>
      `http://source-controller.flux-system.svc.cluster.local./${kind.toLowerCase()}/${namespace}/${name}/${file}`;
    if (kind === 'HelmChart') {
      return this.#examineChart(source, artifactUrl);
    }
    const url: string = source.spec?.url ?? '';
    const folder = this.#catalog.folderOf(url);
    if (!folder) {
      const what = {
        HelmRepository: 'failed to fetch Helm repository index',
        OCIRepository: 'failed to pull artifact',
        GitRepository: 'failed to checkout and determine revision',
      }[kind];
      throw new Error(`${what}: '${url}' is not registered with kube-sandbox`);
    }
    const digest = shortHash(`${url}\n${folder}`);
    if (kind === 'HelmRepository') {
      if (source.spec?.type === 'oci') {
        return { message: 'Helm repository is Ready' };
      }
      const revision = `sha256:${digest}`;
      return {
        message: `stored artifact: revision '${revision}'`,
        artifact: {
          revision,
          digest: revision,
          path: `helmrepository/${namespace}/${name}/index-${digest}.yaml`,
          url: artifactUrl(`index-${digest}.yaml`),
          size: 0,
        },
      };
    }
    if (kind === 'OCIRepository') {
      const chart = this.#catalog.resolve({ kind, url });
      const revision = `${
        source.spec?.ref?.tag ?? source.spec?.ref?.semver ?? 'latest'
      }@${chart.digest}`;
      return {
        message: `stored artifact for digest '${revision}'`,
        artifact: {
          revision,
          digest: chart.digest,
          path: `ocirepository/${namespace}/${name}/${chart.digest.slice(
            7,
          )}.tar.gz`,
          url: artifactUrl(`${chart.digest.slice(7)}.tar.gz`),
          size: 0,
        },
      };
    }
    const ref = source.spec?.ref ?? {};
    const revision = `${ref.tag ?? ref.branch ?? 'main'}@sha1:${
      ref.commit ?? shortHash(digest, 'sha1')
    }`;
    return {
      message: `stored artifact for revision '${revision}'`,
      artifact: {
        revision,
        digest: `sha256:${digest}`,
        path: `gitrepository/${namespace}/${name}/${digest}.tar.gz`,
        url: artifactUrl(`${digest}.tar.gz`),
        size: 0,
      },
    };
  }

  #examineChart(
    chart: KubeObject,
    artifactUrl: (file: string) => string,
  ): SourceResult {
    const { kind, name } = chart.spec?.sourceRef ?? {};
    const source = this.#api.store.get(
      PLURALS[kind] ?? '',
      chart.metadata.namespace!,
      name,
    );
    if (!source) {
      throw new Error(
        `failed to get source: ${kind}.${GROUP} "${name}" not found`,
      );
    }
    if (findCondition(source.status?.conditions, 'Ready')?.status !== 'True') {
      throw new Error(`source '${kind}/${name}' is not ready`);
    }
    const resolved = this.#catalog.resolve({
      kind,
      url: source.spec.url,
      chart: chart.spec.chart,
      version: chart.spec.version,
    });
    return {
      message: `pulled '${resolved.name}' chart with version '${resolved.version}'`,
      artifact: {
        revision: resolved.version,
        digest: resolved.digest,
        path: `helmchart/${chart.metadata.namespace}/${chart.metadata.name}/${resolved.name}-${resolved.version}.tgz`,
        url: artifactUrl(`${resolved.name}-${resolved.version}.tgz`),
        size: 0,
      },
      sourceRevision: source.status?.artifact?.revision,
    };
  }
}
