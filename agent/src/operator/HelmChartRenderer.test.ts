import { ensureTools, runTool, ToolPaths } from '@styrmin/kube-sandbox';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import {
  exampleDeployment,
  exampleDriverFiles,
} from '../__testUtils__/exampleDeployment';
import {
  componentPatches,
  renderedWorkloads,
} from './desired/componentPatches';
import { renderValues } from './desired/values';
import { ChartRenderError, HelmChartRenderer } from './HelmChartRenderer';

jest.setTimeout(30_000);

let tools: ToolPaths;
let renderer: HelmChartRenderer;

beforeAll(async () => {
  tools = await ensureTools();
  renderer = HelmChartRenderer.create({
    helm: tools.helm,
    driverFiles: exampleDriverFiles(),
  });
});

/** What Flux's post-renderer does with the patches: `kustomize` over the manifests. */
async function kustomize(manifests: object[], patches: object[]) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-kustomize-'));
  try {
    await fs.writeFile(
      path.join(dir, 'base.yaml'),
      manifests.map(m => `---\n${stringify(m)}`).join(''),
    );
    await fs.writeFile(
      path.join(dir, 'kustomization.yaml'),
      stringify({ resources: ['base.yaml'], patches }),
    );
    const result = await runTool(tools.kubectl, ['kustomize', dir]);
    if (result.exitCode !== 0) {
      throw new Error(result.stderr);
    }
    return parseAllDocuments(result.stdout).map(d => d.toJS());
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const workload = (
  kind: string,
  name: string,
  component: string,
  containers: object[],
) => ({
  apiVersion: 'apps/v1',
  kind,
  metadata: {
    name,
    labels: {
      'app.kubernetes.io/name': 'infrahub',
      'app.kubernetes.io/component': component,
    },
  },
  spec: { replicas: 1, template: { spec: { containers } } },
});

describe('HelmChartRenderer', () => {
  it("renders the driver's chart with the instance's values", async () => {
    const { spec } = exampleDeployment();
    const workloads = await renderer.renderWorkloads(spec, renderValues(spec));
    expect(workloads.map(w => [w.kind, w.name, w.containers[0].name])).toEqual([
      ['Deployment', 'infrahub-infrahub-server', 'server'],
      ['Deployment', 'infrahub-infrahub-task-worker', 'task-worker'],
      ['StatefulSet', 'infrahub-infrahub-database', 'database'],
    ]);
    expect(workloads[0].containers[0].env).toContain('INFRAHUB_LOG_LEVEL');
  });

  it("fails with helm's own words when the chart does not render", async () => {
    const { spec } = exampleDeployment({
      configuration: { parameters: { admin_password: '' } },
    });
    await expect(
      renderer.renderWorkloads(spec, renderValues(spec)),
    ).rejects.toThrow(
      new ChartRenderError(
        'execution error at (infrahub/templates/secret.yaml:10:21): infrahub.adminPassword is required',
      ),
    );
  });

  it('gives patches that kustomize applies as the overrides say, never adding a container', async () => {
    const { spec } = exampleDeployment({
      configuration: {
        components: {
          server: { replicas: 3, env: { INFRAHUB_LOG_LEVEL: 'DEBUG', X: '1' } },
        },
      },
    });
    const manifests = [
      workload('Deployment', 'server-a', 'server', [
        { name: 'proxy', image: 'proxy:1' },
        {
          name: 'server',
          image: 'infrahub:1',
          env: [
            { name: 'INFRAHUB_LOG_LEVEL', value: 'INFO' },
            { name: 'KEEP', value: 'me' },
          ],
        },
      ]),
      workload('StatefulSet', 'server-b', 'server', [
        { name: 'server', image: 'infrahub:1' },
      ]),
      workload('Deployment', 'other', 'task-worker', [
        { name: 'task-worker', image: 'infrahub:1' },
      ]),
    ];
    const patched = await kustomize(
      manifests,
      componentPatches(spec, renderedWorkloads(manifests)),
    );
    const byName = Object.fromEntries(patched.map(o => [o.metadata.name, o]));
    expect(byName['server-a'].spec.replicas).toBe(3);
    expect(byName['server-b'].spec.replicas).toBe(3);
    expect(byName.other.spec.replicas).toBe(1);
    expect(byName['server-a'].spec.template.spec.containers).toEqual([
      { name: 'proxy', image: 'proxy:1' },
      {
        name: 'server',
        image: 'infrahub:1',
        env: [
          { name: 'INFRAHUB_LOG_LEVEL', value: 'DEBUG' },
          { name: 'KEEP', value: 'me' },
          { name: 'X', value: '1' },
        ],
      },
    ]);
    expect(byName['server-b'].spec.template.spec.containers).toEqual([
      {
        name: 'server',
        image: 'infrahub:1',
        env: [
          { name: 'INFRAHUB_LOG_LEVEL', value: 'DEBUG' },
          { name: 'X', value: '1' },
        ],
      },
    ]);
  });

  it('makes kustomize fail rather than patch another container when the render differs', async () => {
    const { spec } = exampleDeployment({
      configuration: { components: { server: { image: 'r.example.com/i:1' } } },
    });
    const rendered = [
      workload('Deployment', 'server', 'server', [{ name: 'server' }]),
    ];
    const patches = componentPatches(spec, renderedWorkloads(rendered));
    await expect(
      kustomize(
        [workload('Deployment', 'server', 'server', [{ name: 'sidecar' }])],
        patches,
      ),
    ).rejects.toThrow(/test/);
  });
});
