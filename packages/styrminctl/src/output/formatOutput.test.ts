import { parse } from 'yaml';
import { formatOutput } from './formatOutput';

const server = {
  version: '0.1.0',
  installationId: 'a6f0c2c8',
  installedAt: '2025-01-02T03:04:05.000Z',
  database: { engine: 'SQLITE', version: '3.45.0', schemaVersion: '20250101' },
};

const clusters = [
  {
    name: 'dev',
    ready: true,
    labels: ['eu', 'small'],
    agent: { version: '1.2.0' },
  },
  { name: 'production', ready: false, labels: [], agent: null },
];

describe('formatOutput', () => {
  it('prints JSON with two spaces, keys in the order given', () => {
    const text = formatOutput(server, { format: 'json', color: false });
    expect(text).toBe(`${JSON.stringify(server, null, 2)}\n`);
    expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(server));
  });

  it('prints YAML, keys in the order given', () => {
    const text = formatOutput(server, { format: 'yaml', color: false });
    expect(text).toBe(
      [
        'version: 0.1.0',
        'installationId: a6f0c2c8',
        'installedAt: 2025-01-02T03:04:05.000Z',
        'database:',
        '  engine: SQLITE',
        '  version: 3.45.0',
        '  schemaVersion: "20250101"',
        '',
      ].join('\n'),
    );
    expect(parse(text)).toEqual(server);
  });

  it('prints a record as aligned rows with flattened keys', () => {
    expect(formatOutput(server, { format: 'table', color: false })).toBe(
      [
        'version                 0.1.0',
        'installationId          a6f0c2c8',
        'installedAt             2025-01-02T03:04:05.000Z',
        'database.engine         SQLITE',
        'database.version        3.45.0',
        'database.schemaVersion  20250101',
        '',
      ].join('\n'),
    );
  });

  it('prints a list as columns', () => {
    expect(formatOutput(clusters, { format: 'table', color: false })).toBe(
      [
        'NAME        READY  LABELS     AGENT.VERSION',
        'dev         true   eu, small  1.2.0',
        'production  false',
        '',
      ].join('\n'),
    );
  });

  it('prints nothing for an empty list', () => {
    expect(formatOutput([], { format: 'table', color: false })).toBe('');
  });

  it('uses bold keys and headings only with colour', () => {
    const record = formatOutput(
      { version: '1' },
      { format: 'table', color: true },
    );
    expect(record).toBe('\u001b[1mversion\u001b[22m  1\n');
    const list = formatOutput([{ name: 'dev' }], {
      format: 'table',
      color: true,
    });
    expect(list).toBe('\u001b[1mNAME\u001b[22m\ndev\n');
  });
});
