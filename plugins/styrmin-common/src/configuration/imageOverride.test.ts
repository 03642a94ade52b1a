import { imageOverrideProblem, resolveImageOverride } from './imageOverride';

const SHA256 = 'a'.repeat(64);

describe('imageOverrideProblem', () => {
  it.each([
    ['registry.opsmill.io/opsmill/infrahub:1.5.2'],
    ['registry.opsmill.io/opsmill/infrahub:{{ app.version }}'],
    ['registry.opsmill.io/opsmill/infrahub:{{app.version}}'],
    ['registry.opsmill.io/opsmill/infrahub:v{{ app.version }}-alpine'],
    ['docker.io/library/nginx:latest'],
    [`docker.io/library/nginx@sha256:${SHA256}`],
    [`docker.io/library/nginx:1.27@sha256:${SHA256}`],
    [`ghcr.io/org/app@sha512:${'b'.repeat(128)}`],
    ['localhost/app:dev'],
    ['localhost:5000/team/app_name:1.0'],
    ['registry.example.com:8443/a/b/c/d:1.0'],
    ['[::1]:5000/app:1.0'],
    ['Registry.Example.com/app:1.0'],
    ['registry.example.com/my-app__x.y/z--w:TAG_1.0'],
    [`registry.example.com/app@constructor:${SHA256}`],
    [`registry.example.com/app@multihash+base58:${SHA256}`],
  ])('accepts %s', image => {
    expect(
      imageOverrideProblem(image, { appVersion: '1.5.2' }),
    ).toBeUndefined();
  });

  it.each([
    ['registry.opsmill.io/opsmill/infrahub', 'explicit tag or digest'],
    ['opsmill/infrahub:1.5.2', 'registry and repository'],
    ['infrahub:1.5.2', 'registry and repository'],
    ['registry.opsmill.io:1.5.2', 'registry and repository'],
    ['registry.opsmill.io/Opsmill/infrahub:1.5.2', 'lower case ("Opsmill")'],
    [
      'registry.opsmill.io/opsmill/-infrahub:1.5.2',
      'repository part "-infrahub"',
    ],
    ['registry.opsmill.io//infrahub:1.5.2', 'repository part ""'],
    ['registry.opsmill.io/opsmill/infrahub: 1.5.2', 'whitespace'],
    ['registry.opsmill.io/opsmill/infrahub:1.5.2\n', 'whitespace'],
    ['registry.opsmill.io/opsmill/infrahub:', 'tag ""'],
    ['registry.opsmill.io/opsmill/infrahub:.1', 'tag ".1"'],
    [
      `registry.opsmill.io/opsmill/infrahub:${'x'.repeat(129)}`,
      'not a valid tag',
    ],
    ['registry.opsmill.io/opsmill/infrahub:{{ app.name }}', 'only token'],
    ['registry.opsmill.io/opsmill/infrahub:{{ app.version }', 'only token'],
    [
      'registry.opsmill.io/{{ app.version }}/infrahub:1.0',
      'only stand in the tag',
    ],
    [
      `registry.opsmill.io/opsmill/infrahub@sha256:{{ app.version }}`,
      'only stand in the tag',
    ],
    ['registry.opsmill.io/opsmill/infrahub@sha256:abc', 'digest "sha256:abc"'],
    [`registry.opsmill.io/opsmill/infrahub@sha256:${'A'.repeat(64)}`, 'digest'],
    [`registry.opsmill.io/opsmill/infrahub@sha512:${SHA256}`, 'digest'],
    [`registry.opsmill.io/opsmill/infrahub@${SHA256}`, 'digest'],
    ['bad_host.io/app:1.0', 'registry "bad_host.io"'],
    ['registry.io:port/app:1.0', 'registry "registry.io:port"'],
    [`registry.io/${'a'.repeat(250)}:1.0`, 'longer than 255'],
  ])('refuses %j: %s', (image, problem) => {
    expect(imageOverrideProblem(image, { appVersion: '1.5.2' })).toContain(
      problem,
    );
  });

  it('checks the tag with the application version in place of the token', () => {
    const image = 'registry.opsmill.io/opsmill/infrahub:{{ app.version }}';
    expect(
      imageOverrideProblem(image, { appVersion: '1.5.2+build.7' }),
    ).toContain(
      'becomes "1.5.2+build.7" with the application version, which is not a valid tag',
    );
    // Without a known application version, a neutral one stands in.
    expect(imageOverrideProblem(image)).toBeUndefined();
  });
});

describe('resolveImageOverride', () => {
  it.each([
    ['registry.io/app:{{ app.version }}', 'registry.io/app:1.5.2'],
    [
      'registry.io/app:v{{app.version}}-{{ app.version }}',
      'registry.io/app:v1.5.2-1.5.2',
    ],
    ['registry.io/app:1.0', 'registry.io/app:1.0'],
  ])('%s becomes %s', (image, resolved) => {
    expect(resolveImageOverride(image, '1.5.2')).toBe(resolved);
  });
});
