import { stringify } from 'yaml';
import { formatTable } from './formatTable';

/** The values of `-o, --output`. */
export const outputFormats = ['table', 'json', 'yaml'] as const;

/** How a command prints its result. */
export type OutputFormat = (typeof outputFormats)[number];

const formatters: Record<
  OutputFormat,
  (value: unknown, options: { color: boolean }) => string
> = {
  json: value => `${JSON.stringify(value, null, 2)}\n`,
  yaml: value => stringify(value),
  table: formatTable,
};

/**
 * Renders a command's result, a record or a list of records, in the chosen format. JSON and
 * YAML keep the keys in the order the API returned them; only the table uses colour.
 */
export function formatOutput(
  value: unknown,
  options: { format: OutputFormat; color: boolean },
): string {
  return formatters[options.format](value, { color: options.color });
}
