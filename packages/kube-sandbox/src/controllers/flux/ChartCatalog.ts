import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { inRange } from './semverRange';

/**
 * Where a chart source's URL is found on this machine. There is no network: the HelmRepository,
 * OCIRepository or GitRepository objects keep their real URLs (so what works here works on a
 * cluster), and the sandbox maps each URL to a local folder:
 * - a HelmRepository URL to a folder of chart folders (`<path>/<chart>/Chart.yaml`), or to one
 *   chart folder;
 * - an OCIRepository URL (`oci://…`, without tag) to a chart folder;
 * - a GitRepository URL to a checkout, in which `chart.spec.chart` is a relative path.
 */
export interface ChartLocation {
  url: string;
  path: string;
}

/** A chart found for a request. */
export interface ResolvedChart {
  path: string;
  name: string;
  version: string;
  appVersion?: string;
  /** `sha256:<hex>` over the chart's files. */
  digest: string;
}

function normalize(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The files of a chart folder, recursively, as paths relative to it. */
function filesOf(folder: string): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        visit(full);
      } else {
        files.push(path.relative(folder, full));
      }
    }
  };
  visit(folder);
  return files;
}

/** The sandbox's chart sources by URL; see ChartLocation. */
export class ChartCatalog {
  readonly #locations = new Map<string, string>();
  readonly #listeners = new Set<() => void>();
  /** Chart digests by folder, with the file sizes and times they were computed from. */
  readonly #digests = new Map<string, { signature: string; digest: string }>();

  private constructor(locations: ChartLocation[]) {
    locations.forEach(location => this.register(location));
  }

  static create(options: { charts?: ChartLocation[] } = {}): ChartCatalog {
    return new ChartCatalog(options.charts ?? []);
  }

  /** Adds (or moves) a source URL; sources are examined again. */
  register(location: ChartLocation): void {
    this.#locations.set(normalize(location.url), path.resolve(location.path));
    this.#listeners.forEach(listener => listener());
  }

  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  /** The local folder of a source URL, or undefined when nothing is registered for it. */
  folderOf(url: string): string | undefined {
    return this.#locations.get(normalize(url));
  }

  #chartAt(folder: string): ResolvedChart | undefined {
    const file = path.join(folder, 'Chart.yaml');
    if (!existsSync(file)) {
      return undefined;
    }
    const chart = parseYaml(readFileSync(file, 'utf8')) ?? {};
    return {
      path: folder,
      name: String(chart.name),
      version: String(chart.version),
      ...(chart.appVersion !== undefined
        ? { appVersion: String(chart.appVersion) }
        : {}),
      digest: this.#digestOf(folder),
    };
  }

  /** `sha256:<hex>` over a chart's files, computed again only when a file changed. */
  #digestOf(folder: string): string {
    const files = filesOf(folder);
    const signature = files
      .map(file => {
        const stat = statSync(path.join(folder, file));
        return `${file}:${stat.size}:${stat.mtimeMs}`;
      })
      .join('\n');
    const cached = this.#digests.get(folder);
    if (cached?.signature === signature) {
      return cached.digest;
    }
    const hash = createHash('sha256');
    for (const file of files) {
      hash.update(file).update(readFileSync(path.join(folder, file)));
    }
    const digest = `sha256:${hash.digest('hex')}`;
    this.#digests.set(folder, { signature, digest });
    return digest;
  }

  /**
   * The chart a source serves: by name and version range from a HelmRepository, the chart of an
   * OCIRepository, or the chart at a path of a GitRepository. Throws with Flux-like wording.
   */
  resolve(request: {
    kind: string;
    url: string;
    chart?: string;
    version?: string;
  }): ResolvedChart {
    const folder = this.folderOf(request.url);
    if (!folder) {
      throw new Error(
        `no chart source is registered with kube-sandbox for '${request.url}'`,
      );
    }
    let chart: ResolvedChart | undefined;
    if (request.kind === 'GitRepository') {
      chart = this.#chartAt(path.join(folder, request.chart ?? '.'));
    } else if (request.kind === 'HelmRepository') {
      const own = this.#chartAt(folder);
      chart =
        own && own.name === request.chart
          ? own
          : this.#chartAt(path.join(folder, request.chart ?? ''));
    } else {
      chart = this.#chartAt(folder);
    }
    if (
      !chart ||
      (request.kind === 'HelmRepository' && chart.name !== request.chart)
    ) {
      throw new Error(
        `chart '${request.chart ?? request.url}' not found in '${request.url}'`,
      );
    }
    if (!inRange(chart.version, request.version)) {
      throw new Error(
        `no '${chart.name}' chart with version matching '${request.version}' found (latest is '${chart.version}')`,
      );
    }
    return chart;
  }
}
