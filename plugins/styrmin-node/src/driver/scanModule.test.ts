import { scanModule } from './scanModule';

describe('scanModule', () => {
  it.each([
    ['a function', 'export async function stopWorkers() {}', ['stopWorkers']],
    [
      'constants and destructuring',
      'export const a = 1, { b, c: [d] } = x;',
      ['a', 'b', 'd'],
    ],
    [
      'a class and an enum',
      'export class A {}\nexport enum E { X }',
      ['A', 'E'],
    ],
    ['a default function', 'export default function () {}', ['default']],
    [
      'a default expression',
      'const f = () => 1;\nexport default f;',
      ['default'],
    ],
    [
      'an export list with renames',
      'const a = 1;\nexport { a, a as b };',
      ['a', 'b'],
    ],
    ['a namespace re-export', "export * as steps from './steps';", ['steps']],
    [
      'CommonJS properties',
      'exports.a = 1;\nmodule.exports.b = () => {};',
      ['a', 'b'],
    ],
    ['a CommonJS object', "module.exports = { a, 'b': 2 };", ['a', 'b']],
    ['a CommonJS function', 'module.exports = function run() {};', ['default']],
    [
      'types only, which do not exist at run time',
      'export type A = 1;\nexport interface B {}\nexport declare const c: number;\nexport type { D } from "./d";',
      [],
    ],
  ])('finds the exports of %s', (_case, source, expected) => {
    expect([...scanModule('m.ts', source).exports].sort()).toEqual(expected);
  });

  it('lists what the module imports and passes on', () => {
    const scan = scanModule(
      'actions/upgrade.ts',
      [
        "import { a } from './lib';",
        "import type { T } from './types';",
        "const fs = require('node:fs');",
        "export * from './more';",
        "const later = () => import('./lazy.js');",
      ].join('\n'),
    );
    expect(scan.imports).toEqual(
      expect.arrayContaining([
        './lib',
        './types',
        'node:fs',
        './more',
        './lazy.js',
      ]),
    );
    expect(scan.exportsAllFrom).toEqual(['./more']);
  });

  it('reports syntax errors with their position, and runs nothing', () => {
    const scan = scanModule(
      'actions/broken.js',
      'process.exit(1);\nexport function ok() {}\nexport function broken( {\n',
    );
    expect(scan.syntaxErrors[0]).toMatchObject({ line: 3, column: 17 });
    expect(scan.exports).toEqual(new Set(['ok', 'broken']));
  });
});
