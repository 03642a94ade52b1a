import { styrminPluginUrl } from './styrminPluginUrl';

describe('styrminPluginUrl', () => {
  it.each([
    ['http://localhost:7007', 'http://localhost:7007/api/styrmin'],
    ['http://localhost:7007/', 'http://localhost:7007/api/styrmin'],
    ['https://portal.example.com', 'https://portal.example.com/api/styrmin'],
    [
      'https://example.com/backstage//',
      'https://example.com/backstage/api/styrmin',
    ],
  ])('turns %s into %s', (serverUrl, pluginUrl) => {
    expect(styrminPluginUrl(serverUrl)).toBe(pluginUrl);
  });

  it.each(['localhost:7007', 'ftp://example.com', 'http://x/?a=1', ''])(
    'refuses %j',
    serverUrl => {
      expect(() => styrminPluginUrl(serverUrl)).toThrow(
        `Invalid Styrmin server URL "${serverUrl}"`,
      );
    },
  );
});
