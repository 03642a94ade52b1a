import { SandboxApi } from '../../../api/SandboxApi';
import { RequestScope } from '../../../api/types';
import { KubeObject } from '../../../store/types';
import { ToolPaths } from '../../../tools/ensureTools';
import { JsonMap } from '../../../util/json';
import { EventRecorder } from '../../EventRecorder';
import { ChartMetadata } from '../chartArchive';

/** The chart of a release: the packaged chart in source-controller's storage. */
export interface ResolvedChart extends ChartMetadata {
  /** The `.tgz` that helm renders. */
  path: string;
  /** The artifact's `sha256:<hex>`. */
  digest: string;
}

/** The release a HelmRelease's spec asks for now. */
export interface DesiredRelease {
  chart: ResolvedChart;
  /** `<namespace>/<name>` of the chart's source object (HelmChart or OCIRepository). */
  chartRef: string;
  values: JsonMap;
  configDigest: string;
  releaseName: string;
  targetNamespace: string;
}

/** What every action of the helm-controller stand-in works with, across reconciles. */
export interface ReleaseDeps {
  api: SandboxApi;
  tools: () => Promise<ToolPaths>;
  /** When the running attempt of each release times out (ms), by key. */
  deadlines: Map<string, number>;
  /** When each release's objects were last checked for drift (ms), by key. */
  driftCheckedAt: Map<string, number>;
  /** helm-controller's Events on HelmReleases. */
  events: EventRecorder;
}

/** One reconcile of a HelmRelease: its key and scope, the object as last read, its desired release. */
export interface ReleaseRequest {
  key: string;
  scope: RequestScope;
  release: KubeObject;
  desired: DesiredRelease;
}
