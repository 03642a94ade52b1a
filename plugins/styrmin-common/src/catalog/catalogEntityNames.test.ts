import {
  deploymentEntityName,
  driverTemplateName,
  environmentEntityName,
} from './catalogEntityNames';

// Backstage's rule for entity names (makeValidator().isValidObjectName of catalog-model).
const isValidEntityName = (name: string) =>
  name.length <= 63 && /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/.test(name);

describe('catalog entity names', () => {
  it('names an environment by its name', () => {
    expect(environmentEntityName({ name: 'dev' })).toBe('dev');
  });

  it.each([
    ['dev', 'infrahub', 'dev.infrahub'],
    ['a'.repeat(30), 'b'.repeat(32), `${'a'.repeat(30)}.${'b'.repeat(32)}`],
  ])('names a deployment %s/%s as %s', (environment, name, expected) => {
    expect(
      deploymentEntityName({
        id: 'id-1',
        name,
        environment: { name: environment },
      }),
    ).toBe(expected);
  });

  it('cuts long deployment names and tells them apart by their ids', () => {
    const long = (id: string) =>
      deploymentEntityName({
        id,
        name: 'd'.repeat(63),
        environment: { name: 'e'.repeat(63) },
      });
    expect(long('id-1')).toMatch(/^e{54}-[0-9a-f]{8}$/);
    expect(isValidEntityName(long('id-1'))).toBe(true);
    expect(long('id-1')).not.toBe(long('id-2'));
    expect(long('id-1')).toBe(long('id-1'));
  });

  it.each([
    ['infrahub', '1.1.0', 'infrahub-1.1.0'],
    ['infrahub', '1.1.0-rc.1', 'infrahub-1.1.0-rc.1'],
    [
      'infrahub',
      '1.1.0+build.7',
      expect.stringMatching(/^infrahub-1\.1\.0-build\.7-[0-9a-f]{8}$/),
    ],
  ])('names the template of %s %s', (name, version, expected) => {
    const result = driverTemplateName({ name, version });
    expect(result).toEqual(expected);
    expect(isValidEntityName(result)).toBe(true);
  });

  it('gives valid names whatever the input', () => {
    for (const [name, version] of [
      ['x'.repeat(63), '1.0.0'],
      ['a', `1.0.0-${'z'.repeat(80)}`],
      ['a', '1.0.0+-.-'],
    ]) {
      expect(isValidEntityName(driverTemplateName({ name, version }))).toBe(
        true,
      );
    }
  });
});
