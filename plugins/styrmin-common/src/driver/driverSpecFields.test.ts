import { driverSpecFields } from './driverSpecFields';

describe('driverSpecFields', () => {
  const fields = driverSpecFields();
  const field = (path: string) => fields.find(f => f.path === path);

  it('describes every field', () => {
    expect(fields.filter(f => !f.description).map(f => f.path)).toEqual([]);
  });

  it('lists each path once, in document order', () => {
    const paths = fields.map(f => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.slice(0, 5)).toEqual([
      'apiVersion',
      'kind',
      'metadata',
      'metadata.name',
      'metadata.title',
    ]);
  });

  it.each([
    ['apiVersion', { type: '"styrmin.io/v1alpha1"', required: true }],
    ['spec.components.<name>.replicas', { type: 'integer', required: false }],
    ['spec.components.<name>.singleton', { type: 'boolean', default: 'false' }],
    [
      'spec.services[].protocol',
      { type: '"TCP" | "UDP" | "SCTP"', default: '"TCP"' },
    ],
    ['spec.actions[].hook', { type: '"setup" | "upgrade"', required: true }],
    [
      'spec.parameters.<name>.values',
      { type: 'list of string', only: ['enum'] },
    ],
    [
      'spec.parameters.<name>.minimum',
      { type: 'integer | number', only: ['integer', 'number'] },
    ],
    [
      'spec.parameters.<name>.default',
      { only: ['string', 'integer', 'number', 'boolean', 'enum'] },
    ],
    [
      'spec.parameters.<name>.description',
      { type: 'string', required: true, only: undefined },
    ],
    [
      'spec.helm.main.source.ref',
      { type: 'string', required: true, only: ['git'] },
    ],
  ])('describes %s', (path, expected) => {
    expect(field(path)).toMatchObject(expected);
  });
});
