import { renderValuesTemplate } from '@styrmin/plugin-styrmin-common';
import { ensureTools } from '@styrmin/kube-sandbox';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { sampleContext } from '../__testUtils__/sampleContext';
import { readDriverDirectory } from './readDriverDirectory';
import { DriverBundle } from './types';

const run = promisify(execFile);
const DRIVERS = join(__dirname, '..', '..', '..', '..', 'drivers');

/** drivers/<driver>/<driver version>, as relative paths. */
async function exampleDrivers(): Promise<string[]> {
  const versions = await Promise.all(
    (await readdir(DRIVERS, { withFileTypes: true }))
      .filter(entry => entry.isDirectory())
      .map(async entry =>
        (
          await readdir(join(DRIVERS, entry.name))
        ).map(version => join(entry.name, version)),
      ),
  );
  return versions.flat().sort();
}

/**
 * Renders the chart of a driver version from its bundle alone, as the agent would: the
 * bundle's files written out, values rendered from the sample context, `helm template`.
 */
async function helmTemplate(bundle: DriverBundle, workDir: string) {
  const { spec } = bundle.spec;
  for (const file of bundle.files) {
    await mkdir(dirname(join(workDir, file.path)), { recursive: true });
    await writeFile(join(workDir, file.path), file.content);
  }
  const template = bundle.files.find(
    f => f.path === spec.helm.main.values_template,
  )!;
  const values = renderValuesTemplate(
    template.content.toString('utf8'),
    sampleContext(bundle.spec),
  );
  await writeFile(join(workDir, 'rendered-values.yaml'), values);
  const { helm } = await ensureTools();
  const chartDir =
    spec.helm.main.source.type === 'directory'
      ? spec.helm.main.source.path
      : '';
  const { stdout } = await run(helm, [
    'template',
    'example',
    join(workDir, chartDir),
    '--namespace',
    'styrmin-42',
    '--values',
    join(workDir, 'rendered-values.yaml'),
  ]);
  return parseAllDocuments(stdout).map(doc => doc.toJS());
}

describe('the example drivers', () => {
  let workDir: string;

  beforeEach(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'styrmin-driver-'));
  });

  afterEach(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('are there: infrahub in two versions, and semaphore', async () => {
    expect(await exampleDrivers()).toEqual([
      'infrahub/1.0.0',
      'infrahub/1.1.0',
      'semaphore/1.0.0',
    ]);
  });

  it.each([['infrahub/1.0.0'], ['infrahub/1.1.0'], ['semaphore/1.0.0']])(
    '%s loads, and its chart renders with helm template so that each component selects its pods and container',
    async driver => {
      const result = await readDriverDirectory(join(DRIVERS, driver));
      if (!result.success) {
        throw new Error(JSON.stringify(result.problems, null, 2));
      }
      const objects = await helmTemplate(result.bundle, workDir);
      const podTemplates = objects
        .filter(o => ['Deployment', 'StatefulSet'].includes(o?.kind))
        .map(o => o.spec.template);
      const { components, services } = result.bundle.spec.spec;
      for (const [name, component] of Object.entries(components)) {
        const selected = podTemplates.filter(pod =>
          Object.entries(component.selector).every(
            ([key, value]) => pod.metadata.labels?.[key] === value,
          ),
        );
        expect({ name, pods: selected.length }).toEqual({ name, pods: 1 });
        const containers = selected[0].spec.containers;
        expect(containers.map((c: { name: string }) => c.name)).toContain(
          component.container,
        );
        for (const service of services.filter(s => s.component === name)) {
          const ports = containers.flatMap((c: any) => c.ports ?? []);
          expect(ports).toContainEqual(
            expect.objectContaining(
              typeof service.target_port === 'string'
                ? { name: service.target_port }
                : { containerPort: service.target_port ?? service.port },
            ),
          );
        }
      }
    },
    60_000,
  );

  it('infrahub 1.1.0 retires a parameter of 1.0.0 and adds one', async () => {
    const [older, newer] = await Promise.all(
      ['infrahub/1.0.0', 'infrahub/1.1.0'].map(async driver => {
        const result = await readDriverDirectory(join(DRIVERS, driver));
        return result.success
          ? Object.keys(result.bundle.spec.spec.parameters)
          : [];
      }),
    );
    expect(older.filter(name => !newer.includes(name))).toEqual([
      'task_worker_replicas',
    ]);
    expect(newer.filter(name => !older.includes(name))).toEqual([
      'allow_anonymous_access',
    ]);
  });
});
