import {
  createMockDirectory,
  mockServices,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { cp } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DatabaseDriverStore } from '../drivers/DatabaseDriverStore';
import { UtilityCatalog } from './UtilityCatalog';

/** The utilities Styrmin ships, at the repository's root. */
const UTILITIES = resolve(__dirname, '../../../../utilities');

jest.setTimeout(60_000);

describe('UtilityCatalog', () => {
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
  const mockDir = createMockDirectory();
  const logger = mockServices.logger.mock();

  async function drivers() {
    const knex = await databases.init('SQLITE_3');
    return DatabaseDriverStore.create({
      database: mockServices.database({ knex }),
    });
  }

  it('loads the shipped utilities as utility driver versions, once', async () => {
    const store = await drivers();
    const catalog = await UtilityCatalog.load({
      directory: UTILITIES,
      drivers: store,
      logger,
    });
    expect(catalog.utilities).toEqual([
      {
        name: 'ingress-nginx',
        driverVersion: '1.0.0',
        appVersion: '1.12.1',
        requires: [],
      },
      {
        name: 'k8s-gateway',
        driverVersion: '1.0.0',
        appVersion: '0.4.0',
        requires: ['base_domain'],
      },
    ]);
    const loaded = await store.getDriverVersion({
      name: 'ingress-nginx',
      version: '1.0.0',
    });
    expect(loaded).toMatchObject({
      utility: true,
      loadedBy: 'styrmin:utilities',
    });
    // What it reads of the context: its version and the ingress class, no other setting.
    expect(loaded?.uses).toEqual([
      ['app', 'version'],
      ['cluster', 'ingress_class'],
    ]);
    // Loaded again at the next start: the same version, nothing new.
    await UtilityCatalog.load({ directory: UTILITIES, drivers: store, logger });
    expect((await store.listDrivers()).map(d => d.versions.length)).toEqual([
      1, 1,
    ]);
  });

  it('is empty when styrmin.utilities.directory is not set', async () => {
    const catalog = await UtilityCatalog.fromConfig(
      mockServices.rootConfig({ data: {} }),
      { drivers: await drivers(), logger },
    );
    expect(catalog.utilities).toEqual([]);
  });

  it('stops the start on a broken manifest, a broken driver or a driver of another name', async () => {
    const store = await drivers();
    const load = () =>
      UtilityCatalog.load({
        directory: mockDir.path,
        drivers: store,
        logger,
      });
    mockDir.setContent({
      'utilities.json': JSON.stringify({ utilities: [{ name: 'x' }] }),
    });
    await expect(load()).rejects.toThrow(/is not a utilities manifest/);

    mockDir.setContent({
      'utilities.json': JSON.stringify({
        utilities: [
          { name: 'ingress-nginx', driverVersion: '1.0.0', appVersion: '1' },
        ],
      }),
      'ingress-nginx/1.0.0/driver.styrmin.yml': 'kind: Nonsense\n',
    });
    await expect(load()).rejects.toThrow(
      /^Utility ingress-nginx 1\.0\.0 \(.*\) has problems: /,
    );

    mockDir.setContent({
      'utilities.json': JSON.stringify({
        utilities: [{ name: 'dns', driverVersion: '1.0.0', appVersion: '1' }],
      }),
    });
    await cp(
      resolve(UTILITIES, 'k8s-gateway', '1.0.0'),
      mockDir.resolve('dns', '1.0.0'),
      { recursive: true },
    );
    await expect(load()).rejects.toThrow(
      /holds driver k8s-gateway 1\.0\.0, not utility dns 1\.0\.0/,
    );
    expect(await store.listDrivers()).toEqual([]);
  });
});
