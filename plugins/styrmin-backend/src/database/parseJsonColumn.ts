/**
 * Reads a JSON column that the server wrote; a value that does not parse is a damaged
 * record, reported with the record it belongs to.
 */
export function parseJsonColumn<T>(text: string, where: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`The stored ${where} is not JSON: ${error}`);
  }
}
