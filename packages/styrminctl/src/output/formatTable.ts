type Row = Array<[key: string, text: string]>;

/**
 * Renders a value for people: a record as aligned `key  value` rows, a list of records as
 * columns under upper-case headings. Nested keys are flattened with dots
 * (`database.engine`), so every value gets a row or a column of its own.
 */
export function formatTable(
  value: unknown,
  options: { color: boolean },
): string {
  const emphasize = options.color
    ? (text: string) => `\u001b[1m${text}\u001b[22m`
    : (text: string) => text;
  if (Array.isArray(value)) {
    return formatColumns(
      value.map(item => flatten(item)),
      emphasize,
    );
  }
  if (isRecord(value)) {
    return formatRows(flatten(value), emphasize);
  }
  return `${cellText(value)}\n`;
}

function formatRows(row: Row, emphasize: (text: string) => string): string {
  const width = Math.max(0, ...row.map(([key]) => key.length));
  return row
    .map(([key, text]) => `${emphasize(key.padEnd(width))}  ${text}\n`)
    .join('');
}

function formatColumns(rows: Row[], emphasize: (text: string) => string) {
  const allKeys = new Set(rows.flatMap(row => row.map(([key]) => key)));
  // A field that is null in one row and a record in another gets only the record's columns.
  const keys = [...allKeys].filter(
    key => ![...allKeys].some(other => other.startsWith(`${key}.`)),
  );
  if (keys.length === 0) {
    return '';
  }
  const cells = rows.map(row => {
    const byKey = new Map(row);
    return keys.map(key => byKey.get(key) ?? '');
  });
  const headings = keys.map(key => key.toUpperCase());
  const widths = keys.map((_, column) =>
    Math.max(...[headings, ...cells].map(line => line[column].length)),
  );
  // The last column is not padded, so lines carry no trailing spaces.
  const line = (texts: string[]) =>
    texts
      .map((text, column) =>
        column < texts.length - 1 ? text.padEnd(widths[column]) : text,
      )
      .join('  ')
      .trimEnd();
  return [emphasize(line(headings)), ...cells.map(line)]
    .map(text => `${text}\n`)
    .join('');
}

/** `{ database: { engine: 'SQLITE' } }` becomes `[['database.engine', 'SQLITE']]`. */
function flatten(value: unknown, prefix = ''): Row {
  if (!isRecord(value)) {
    return [[prefix, cellText(value)]];
  }
  return Object.entries(value).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (Array.isArray(value)) {
    return value.every(item => !isRecord(item) && !Array.isArray(item))
      ? value.map(cellText).join(', ')
      : JSON.stringify(value);
  }
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
