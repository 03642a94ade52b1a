import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { UsageError } from '../UsageError';

/**
 * Reads a YAML file that `-f` names: one mapping, such as a deployment's configuration or
 * a cluster's settings. Errors name the file and the place, never a value: the file may
 * hold secrets.
 */
export async function readYamlFile(
  path: string,
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Could not read ${path}: ${(error as Error).message}`);
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: false, lineCounter });
  const [syntaxError] = document.errors;
  if (syntaxError) {
    const { line, col } = lineCounter.linePos(syntaxError.pos[0]);
    throw new UsageError(`${path}:${line}:${col} is not valid YAML`);
  }
  const value = document.toJS();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${path} must hold a YAML mapping`);
  }
  return value;
}
