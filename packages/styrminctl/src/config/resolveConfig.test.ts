import { createMockDirectory } from '@backstage/backend-test-utils';
import { UsageError } from '../UsageError';
import { ConfigFlags, Environment, resolveConfig } from './resolveConfig';

const mockDir = createMockDirectory({
  content: {
    'xdg/styrmin/config.yaml':
      'url: http://xdg-file:7007\ntoken: xdg-file-token\n',
    'home/.config/styrmin/config.yaml':
      'url: http://home-file:7007\ntoken: home-file-token\n',
    'explicit.yaml':
      'url: http://explicit-file:7007/\ntoken: explicit-file-token\n',
    'env-config.yaml': 'url: http://env-file:7007\n',
    'empty.yaml': '',
    'unknown-key.yaml': 'url: http://x:7007\ntken: s3cret-token\n',
    'invalid.yaml': 'url: http://x:7007\ntoken: s3cret-token: oops\n',
    'list.yaml': '- url\n',
    'number.yaml': 'token: 12345678\n',
  },
});
const dir = (path: string) => mockDir.resolve(path);
const xdg = { XDG_CONFIG_HOME: dir('xdg'), HOME: dir('home') };
const nowhere = { HOME: dir('nowhere') };

describe('resolveConfig', () => {
  it.each<{
    name: string;
    flags?: ConfigFlags;
    env: Environment;
    url: string;
    token?: string;
  }>([
    {
      name: 'flags win over the environment and the file',
      flags: { url: 'http://flag:7007', token: 'flag-token' },
      env: {
        ...xdg,
        STYRMIN_URL: 'http://env:7007',
        STYRMIN_TOKEN: 'env-token',
      },
      url: 'http://flag:7007',
      token: 'flag-token',
    },
    {
      name: 'the environment wins over the file',
      env: {
        ...xdg,
        STYRMIN_URL: 'http://env:7007',
        STYRMIN_TOKEN: 'env-token',
      },
      url: 'http://env:7007',
      token: 'env-token',
    },
    {
      name: 'each setting comes from the first source that sets it',
      flags: { url: 'http://flag:7007' },
      env: { ...xdg, STYRMIN_TOKEN: 'env-token' },
      url: 'http://flag:7007',
      token: 'env-token',
    },
    {
      name: 'the file under XDG_CONFIG_HOME',
      env: xdg,
      url: 'http://xdg-file:7007',
      token: 'xdg-file-token',
    },
    {
      name: 'the file under ~/.config without XDG_CONFIG_HOME',
      env: { HOME: dir('home') },
      url: 'http://home-file:7007',
      token: 'home-file-token',
    },
    {
      name: 'STYRMIN_CONFIG names the one file read',
      env: { ...xdg, STYRMIN_CONFIG: dir('env-config.yaml') },
      url: 'http://env-file:7007',
    },
    {
      name: '--config wins over STYRMIN_CONFIG',
      flags: { config: dir('explicit.yaml') },
      env: { ...xdg, STYRMIN_CONFIG: dir('env-config.yaml') },
      url: 'http://explicit-file:7007/',
      token: 'explicit-file-token',
    },
    {
      name: 'empty values count as unset',
      flags: { url: '', token: '', config: '' },
      env: { ...xdg, STYRMIN_URL: '', STYRMIN_TOKEN: '', STYRMIN_CONFIG: '' },
      url: 'http://xdg-file:7007',
      token: 'xdg-file-token',
    },
    {
      name: 'a missing default file is no error',
      flags: { url: 'http://flag:7007' },
      env: nowhere,
      url: 'http://flag:7007',
    },
    {
      name: 'an empty file sets nothing',
      flags: { url: 'http://flag:7007', config: dir('empty.yaml') },
      env: xdg,
      url: 'http://flag:7007',
    },
  ])('$name', async ({ flags = {}, env, url, token }) => {
    await expect(resolveConfig({ flags, env })).resolves.toEqual({
      url,
      pluginUrl: `${url.replace(/\/$/, '')}/api/styrmin`,
      token,
    });
  });

  it.each<{
    name: string;
    flags?: ConfigFlags;
    env: Environment;
    message: string;
  }>([
    {
      name: 'a config without a URL, saying how to set one',
      env: nowhere,
      message: `No Styrmin server URL; pass --url <url> (the Backstage backend, for example http://localhost:7007), set STYRMIN_URL, or set url in ${dir(
        'nowhere/.config/styrmin/config.yaml',
      )}`,
    },
    {
      name: 'a missing file named by --config',
      flags: { url: 'http://flag:7007', config: dir('missing.yaml') },
      env: xdg,
      message: `Could not read config file ${dir('missing.yaml')}: ENOENT`,
    },
    {
      name: 'a missing file named by STYRMIN_CONFIG',
      env: { ...xdg, STYRMIN_CONFIG: dir('missing.yaml') },
      message: `Could not read config file ${dir('missing.yaml')}: ENOENT`,
    },
    {
      name: 'an unknown key, named with the file',
      flags: { config: dir('unknown-key.yaml') },
      env: xdg,
      message: `Unknown key "tken" in config file ${dir(
        'unknown-key.yaml',
      )}; the known keys are url and token`,
    },
    {
      name: 'invalid YAML, without an excerpt of the file',
      flags: { config: dir('invalid.yaml') },
      env: xdg,
      message: `Config file ${dir(
        'invalid.yaml',
      )} is not valid YAML: Nested mappings are not allowed in compact mappings at line 2, column 8`,
    },
    {
      name: 'a file that is not a mapping',
      flags: { config: dir('list.yaml') },
      env: xdg,
      message: `Config file ${dir(
        'list.yaml',
      )} must be a YAML mapping with the keys url and token`,
    },
    {
      name: 'a value that is not a string, without the value',
      flags: { url: 'http://flag:7007', config: dir('number.yaml') },
      env: xdg,
      message: `The value of "token" in config file ${dir(
        'number.yaml',
      )} must be a string; quote it`,
    },
    {
      name: 'an invalid URL, with where it came from',
      env: { ...xdg, STYRMIN_URL: 'localhost:7007' },
      message:
        'Invalid Styrmin server URL "localhost:7007"; expected the http or https base URL of a Backstage backend, such as http://localhost:7007 (from STYRMIN_URL)',
    },
  ])('refuses $name', async ({ flags = {}, env, message }) => {
    const error = await resolveConfig({ flags, env }).catch(e => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain(message);
    expect(error.message).not.toMatch(/s3cret|12345678/);
  });
});
