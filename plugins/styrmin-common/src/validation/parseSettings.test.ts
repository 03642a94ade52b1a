import { CONFIGURATION_LIMITS } from '../configuration/configurationFields';
import {
  parseClusterSettings,
  parseEnvironmentOverrides,
} from './parseSettings';

/** JSON nested `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) {
    value = { next: value };
  }
  return value;
}

describe.each([
  ['parseClusterSettings', parseClusterSettings],
  ['parseEnvironmentOverrides', parseEnvironmentOverrides],
])('%s', (_name, parse) => {
  it.each<[string, unknown]>([
    ['nothing set', {}],
    [
      'every setting',
      {
        storage_class: 'standard',
        storage_classes: { fast: 'ssd-premium', archive: 'hdd.slow' },
        ingress_class: 'nginx',
        base_domain: 'apps.example.com',
        cluster_domain: 'cluster.local',
        extra: {
          proxy: { http: 'http://proxy:3128', no_proxy: ['a', 'b'] },
          tier: 2,
          debug: null,
        },
      },
    ],
    [
      'extra nested to its bound',
      { extra: { deep: nested(CONFIGURATION_LIMITS.extraDepth - 2) } },
    ],
  ])('accepts %s', (_case, input) => {
    expect(parse(input)).toEqual({ success: true, value: input });
  });

  it.each<[string, unknown, string, string]>([
    [
      'an unknown setting',
      { storageClass: 'x' },
      'storageClass',
      'Unknown field "storageClass"',
    ],
    [
      'a storage class that is no Kubernetes name',
      { storage_class: 'Fast SSD' },
      'storage_class',
      'Must be a Kubernetes name',
    ],
    [
      'a named storage class under a name templates cannot read',
      { storage_classes: { 'fast-ssd': 'ssd' } },
      'storage_classes.fast-ssd',
      'Invalid name "fast-ssd"',
    ],
    [
      'a base domain that is no DNS name',
      { base_domain: 'https://example.com' },
      'base_domain',
      'Must be a DNS name',
    ],
    [
      'an ingress class that is not text',
      { ingress_class: 1 },
      'ingress_class',
      'expected string',
    ],
    [
      'extra nested too deep',
      { extra: { deep: nested(CONFIGURATION_LIMITS.extraDepth - 1) } },
      `extra.deep${'.next'.repeat(CONFIGURATION_LIMITS.extraDepth - 1)}`,
      `Nests deeper than ${CONFIGURATION_LIMITS.extraDepth} levels`,
    ],
    [
      'extra too long',
      { extra: { a: 'x'.repeat(CONFIGURATION_LIMITS.extraLength) } },
      'extra',
      `At most ${CONFIGURATION_LIMITS.extraLength} characters as JSON`,
    ],
    [
      'too many storage classes',
      {
        storage_classes: Object.fromEntries(
          Array.from(
            { length: CONFIGURATION_LIMITS.storageClasses + 1 },
            (_, i) => [`c${i}`, 'x'],
          ),
        ),
      },
      'storage_classes',
      `At most ${CONFIGURATION_LIMITS.storageClasses} named storage classes`,
    ],
    ['not an object', 'standard', '', 'expected object'],
  ])('refuses %s', (_case, input, field, message) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(!result.success && result.problems).toEqual([
      {
        code: 'VALIDATION_FAILED',
        field,
        message: expect.stringContaining(message),
      },
    ]);
  });

  it('refuses extra nested far too deep for the call stack, without overflowing it', () => {
    const result = parse({ extra: { deep: nested(100_000) } });
    expect(!result.success && result.problems).toEqual([
      expect.objectContaining({
        field: expect.stringMatching(/^extra\.deep(\.next)+$/),
        message: `Nests deeper than ${CONFIGURATION_LIMITS.extraDepth} levels`,
      }),
    ]);
  });
});
