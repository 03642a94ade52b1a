import { formatStyrminProblem } from './formatStyrminProblem';

describe('formatStyrminProblem', () => {
  it.each([
    [
      {
        file: 'driver.styrmin.yml',
        path: 'spec.components.server.replicas',
        line: 12,
        column: 7,
        message: 'A singleton component runs 1 replica',
      },
      'driver.styrmin.yml:12:7 spec.components.server.replicas A singleton component runs 1 replica',
    ],
    [
      { file: 'values.yaml.njk', line: 3, message: 'unexpected end' },
      'values.yaml.njk:3:1 unexpected end',
    ],
    [
      {
        file: 'chart/big.yaml',
        path: 'spec.helm.main.source.path',
        message: 'Is too large',
      },
      'chart/big.yaml spec.helm.main.source.path Is too large',
    ],
    [{ file: '.', message: 'Does not exist' }, '. Does not exist'],
    [{ path: 'replicas', message: 'Must be 1' }, 'replicas Must be 1'],
  ])('formats %j', (problem, expected) => {
    expect(formatStyrminProblem(problem)).toBe(expected);
  });
});
