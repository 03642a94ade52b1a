import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BadInputCase,
  CORPUS_DIRECTORY,
  DriverSpecChange,
  driverSpecText,
  GeneratedText,
  generatedBadInputFiles,
  readBadInputArea,
} from '../__testUtils__/badInputCorpus';
import { parseDriverSpec } from './parseDriverSpec';

type Input = string | GeneratedText | DriverSpecChange;

/** A problem at the path, or inside what it names. */
const isAtOrUnder = (problem: string, path: string) =>
  path === '' ||
  problem === path ||
  problem.startsWith(`${path}.`) ||
  problem.startsWith(`${path}[`);

describe('the bad-input corpus of driver specs (corpus/bad-input/driver-spec)', () => {
  const cases = readBadInputArea<Input>('driver-spec');

  it('holds its cases', () => {
    expect(cases.length).toBeGreaterThan(400);
  });

  it.each(cases.map(entry => [entry.name, entry] as const))(
    '%s',
    (_name, { input, expect: expected }: BadInputCase<Input>) => {
      const result = parseDriverSpec(driverSpecText(input));
      const problems = result.success ? [] : result.problems;
      const at = expected.problemAt ?? '';
      expect(
        result.success
          ? 'accepted'
          : problems.some(problem => isAtOrUnder(problem.path, at)) &&
              problems.every(
                problem => /\S/.test(problem.message) && problem.line >= 1,
              ) &&
              'refused where expected',
      ).toBe(expected.accept ? 'accepted' : 'refused where expected');
    },
  );

  it('keeps the generated files as scripts/generate-corpus.ts writes them', () => {
    for (const [path, file] of Object.entries(generatedBadInputFiles())) {
      const written = JSON.parse(
        readFileSync(join(CORPUS_DIRECTORY, 'bad-input', path), 'utf8'),
      );
      expect({ path, file: written }).toEqual({ path, file });
    }
  });
});
