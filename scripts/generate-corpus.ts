/*
 * Writes the generated families of the bad-input corpus (corpus/bad-input/**\/*.generated.json):
 * every field of driver.styrmin.yml with each value of a wrong type. docs/corpus.md says how
 * the corpus is kept; a test in plugins/styrmin-common fails when these files are not what
 * this writes.
 *
 *   node -r @backstage/cli/config/nodeTransform.cjs scripts/generate-corpus.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  CORPUS_DIRECTORY,
  generatedBadInputFiles,
  serializeBadInputFile,
} from '../plugins/styrmin-common/src/__testUtils__/badInputCorpus';

for (const [path, file] of Object.entries(generatedBadInputFiles())) {
  const target = join(CORPUS_DIRECTORY, 'bad-input', path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, serializeBadInputFile(file));
  process.stdout.write(`wrote ${target} (${file.cases.length} cases)\n`);
}
