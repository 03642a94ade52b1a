import { parseJsonColumn } from '../database/parseJsonColumn';
import { SecretBox } from './SecretBox';

/**
 * A column that holds secret values, as the database stores it: the JSON of the value,
 * sealed whole. Whole, because which values are secret depends on the driver version
 * (its secret parameters and prompts), which the stores do not read.
 *
 * @internal
 */
export function sealJson(box: SecretBox, value: unknown): string {
  return box.seal(JSON.stringify(value));
}

/**
 * The value of a column that {@link sealJson} wrote; a column written before sealing (plain
 * JSON, which the backend seals at its next start) reads as it is.
 *
 * @internal
 */
export function openJson<T>(box: SecretBox, column: string, where: string): T {
  return parseJsonColumn<T>(
    box.keyIdOf(column) === undefined ? column : box.open(column),
    where,
  );
}
