import {
  createMockDirectory,
  mockServices,
} from '@backstage/backend-test-utils';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { symlinkSync } from 'node:fs';
import { ServerDirectoryPolicy } from './ServerDirectoryPolicy';

async function failure(promise: Promise<unknown>) {
  const error = await promise.catch(e => e);
  expect(error).toBeInstanceOf(StyrminError);
  const { code, field, message } = error as StyrminError;
  return { code, field, message };
}

describe('ServerDirectoryPolicy', () => {
  const mockDir = createMockDirectory();

  beforeEach(() => {
    mockDir.setContent({
      drivers: { infrahub: { '1.0.0': { 'driver.styrmin.yml': '' } } },
      'drivers-old': { 'driver.styrmin.yml': '' },
      elsewhere: { 'driver.styrmin.yml': '' },
    });
    symlinkSync(mockDir.resolve('elsewhere'), mockDir.resolve('drivers/link'));
    symlinkSync(
      mockDir.resolve('drivers/infrahub'),
      mockDir.resolve('drivers/alias'),
    );
  });

  const policy = () =>
    ServerDirectoryPolicy.create({
      allowedDirectories: ['drivers'],
      workingDirectory: mockDir.path,
    });

  it('reads the allowed directories from config', async () => {
    const fromConfig = ServerDirectoryPolicy.fromConfig(
      mockServices.rootConfig({
        data: {
          styrmin: {
            drivers: { allowedDirectories: [mockDir.resolve('drivers')] },
          },
        },
      }),
    );
    await expect(
      fromConfig.resolve(mockDir.resolve('drivers/infrahub/1.0.0')),
    ).resolves.toBe(mockDir.resolve('drivers/infrahub/1.0.0'));
  });

  it.each([
    [
      'an absolute path inside',
      () => mockDir.resolve('drivers/infrahub/1.0.0'),
    ],
    ['a relative path inside', () => 'drivers/infrahub/1.0.0'],
    ['the allowed directory itself', () => 'drivers'],
  ])('resolves %s', async (_case, path) => {
    await expect(policy().resolve(path())).resolves.toMatch(
      new RegExp(`${mockDir.resolve('drivers')}(/infrahub/1.0.0)?$`),
    );
  });

  it('follows a symbolic link that stays inside, to its real path', async () => {
    await expect(policy().resolve('drivers/alias/1.0.0')).resolves.toBe(
      mockDir.resolve('drivers/infrahub/1.0.0'),
    );
  });

  it.each([
    ['a path outside', () => mockDir.resolve('elsewhere')],
    ['a path that climbs out', () => 'drivers/../elsewhere'],
    ['a sibling with the same prefix', () => 'drivers-old'],
    ['a symbolic link that leads out', () => 'drivers/link'],
    ['/etc', () => '/etc'],
  ])('refuses %s with FORBIDDEN', async (_case, path) => {
    await expect(
      failure(policy().resolve(path(), { field: 'url' })),
    ).resolves.toEqual({
      code: 'FORBIDDEN',
      field: 'url',
      message: expect.stringContaining(
        `is outside the directories this server loads drivers from (styrmin.drivers.allowedDirectories: ${mockDir.resolve(
          'drivers',
        )})`,
      ),
    });
  });

  it('refuses a missing path inside with VALIDATION_FAILED', async () => {
    await expect(failure(policy().resolve('drivers/gitlab'))).resolves.toEqual({
      code: 'VALIDATION_FAILED',
      field: 'path',
      message: expect.stringContaining('drivers/gitlab cannot be read'),
    });
  });

  it('refuses everything when no directory is allowed, the default', async () => {
    const none = ServerDirectoryPolicy.fromConfig(mockServices.rootConfig());
    await expect(failure(none.resolve(mockDir.path))).resolves.toEqual({
      code: 'FORBIDDEN',
      field: 'path',
      message: expect.stringMatching(
        /^This server loads no driver from its own file system/,
      ),
    });
  });
});
