import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { KubeObject } from '../../../store/types';
import { JsonMap } from '../../../util/json';
import { ToolPaths } from '../../../tools/ensureTools';
import { runTool } from '../../../tools/runTool';

export interface RenderReleaseOptions {
  tools: ToolPaths;
  chartPath: string;
  releaseName: string;
  namespace: string;
  values: JsonMap;
  /** The HelmRelease's `spec.postRenderers`. */
  postRenderers: JsonMap[];
  includeCrds: boolean;
}

function parseObjects(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map(document => {
      if (document.errors.length) {
        throw new Error(document.errors[0].message);
      }
      return document.toJS();
    })
    .filter(object => object && typeof object === 'object' && object.kind);
}

const hookOf = (object: KubeObject) =>
  object.metadata?.annotations?.['helm.sh/hook'];

/** `helm template` of the chart with the values, in a work folder; the objects it renders. */
async function helmTemplate(
  options: RenderReleaseOptions,
  workDir: string,
  env: NodeJS.ProcessEnv,
): Promise<KubeObject[]> {
  const valuesFile = path.join(workDir, 'values.yaml');
  await fs.writeFile(valuesFile, stringify(options.values));
  const template = await runTool(
    options.tools.helm,
    [
      'template',
      options.releaseName,
      options.chartPath,
      '--namespace',
      options.namespace,
      '--values',
      valuesFile,
      '--kube-version',
      'v1.34.0',
      ...(options.includeCrds ? ['--include-crds'] : []),
    ],
    { env },
  );
  if (template.exitCode !== 0) {
    throw new Error(
      template.stderr.trim() ||
        `helm template exited with ${template.exitCode}`,
    );
  }
  return parseObjects(template.stdout);
}

/** One post-renderer's kustomize patches and images over the manifests, with `kubectl kustomize`. */
async function kustomize(
  options: RenderReleaseOptions,
  renderer: { index: number; kustomize: JsonMap },
  manifests: KubeObject[],
  workDir: string,
  env: NodeJS.ProcessEnv,
): Promise<KubeObject[]> {
  const { index, kustomize: spec } = renderer;
  const dir = path.join(workDir, `post-render-${index}`);
  await fs.mkdir(dir);
  await fs.writeFile(
    path.join(dir, 'base.yaml'),
    manifests.map(o => `---\n${stringify(o)}`).join(''),
  );
  await fs.writeFile(
    path.join(dir, 'kustomization.yaml'),
    stringify({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: ['base.yaml'],
      ...(spec.patches ? { patches: spec.patches } : {}),
      ...(spec.images ? { images: spec.images } : {}),
    }),
  );
  const kustomized = await runTool(options.tools.kubectl, ['kustomize', dir], {
    env,
  });
  if (kustomized.exitCode !== 0) {
    throw new Error(`post-renderer ${index}: ${kustomized.stderr.trim()}`);
  }
  return parseObjects(kustomized.stdout);
}

/**
 * Renders a release as helm-controller does, with the real binaries: `helm template` with the
 * values, then each post-renderer's kustomize patches and images through `kubectl kustomize`
 * (Helm 4 takes post-renderers as plugins, so the output is piped instead). Post-renderers do
 * not touch hooks; test hooks are left out, as an install without tests does. Failures are
 * thrown with the tool's own message.
 */
export async function renderRelease(
  options: RenderReleaseOptions,
): Promise<KubeObject[]> {
  const workDir = await fs.mkdtemp(
    path.join(os.tmpdir(), 'kube-sandbox-render-'),
  );
  try {
    const helmHome = path.join(workDir, 'helm');
    const env = {
      ...process.env,
      HELM_CACHE_HOME: path.join(helmHome, 'cache'),
      HELM_CONFIG_HOME: path.join(helmHome, 'config'),
      HELM_DATA_HOME: path.join(helmHome, 'data'),
    };
    const rendered = await helmTemplate(options, workDir, env);
    const hooks = rendered.filter(
      o => hookOf(o) && !/\btest\b/.test(hookOf(o)!),
    );
    let manifests = rendered.filter(o => !hookOf(o));
    for (const [index, renderer] of options.postRenderers.entries()) {
      if (renderer.kustomize) {
        manifests = await kustomize(
          options,
          { index, kustomize: renderer.kustomize },
          manifests,
          workDir,
          env,
        );
      }
    }
    return [...manifests, ...hooks];
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
