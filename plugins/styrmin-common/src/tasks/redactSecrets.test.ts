import { GlobalContext } from '../context/GlobalContext';
import { REDACTED, redactSecrets, secretValuesOf } from './redactSecrets';

describe('secretValuesOf', () => {
  it('collects the values at and under the secret paths, longest first', () => {
    const context = {
      parameters: { admin_password: 'hunter2-very', replicas: 3, short: 'ab' },
      components: {
        server: { env: { API_TOKEN: 'tok-123456', LOG_LEVEL: 'debug' } },
      },
      nested: { keys: ['first-key', 'second-key-longer'] },
      secret_paths: [
        'components.server.env.API_TOKEN',
        'nested',
        'parameters.admin_password',
        'parameters.short',
      ],
    } as unknown as GlobalContext;

    expect(secretValuesOf(context)).toEqual([
      'second-key-longer',
      'hunter2-very',
      'tok-123456',
      'first-key',
    ]);
  });

  it('finds nothing in a context without secret paths', () => {
    expect(
      secretValuesOf({
        parameters: { a: 'value' },
        secret_paths: [],
      } as unknown as GlobalContext),
    ).toEqual([]);
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence of the known secret values', () => {
    expect(
      redactSecrets('login hunter2-very failed; retry hunter2-very', {
        secrets: ['hunter2-very'],
      }),
    ).toBe(`login ${REDACTED} failed; retry ${REDACTED}`);
  });

  it('replaces the known secret values in their encoded forms too', () => {
    const secret = 'correct horse/battery+staple?\n2nd line';
    const base64 = Buffer.from(secret).toString('base64');
    const printed = [
      `data: ${base64}`,
      `url: ${Buffer.from(secret).toString('base64url')}`,
      `dsn: postgres://app@db/x?password=${encodeURIComponent(secret)}`,
      `log: ${JSON.stringify({ value: secret })}`,
    ].join('\n');
    const redacted = redactSecrets(printed, { secrets: [secret] });
    expect(redacted).not.toContain(base64.replace(/=+$/, ''));
    expect(redacted).not.toContain('horse');
    expect(redacted).not.toContain('horse%2F');
    expect(redacted.split(REDACTED)).toHaveLength(5);
  });

  it('replaces a longer secret before a shorter one it contains', () => {
    expect(
      redactSecrets('x=abcd-efgh', { secrets: ['abcd', 'abcd-efgh'] }),
    ).toBe(`x=${REDACTED}`);
  });

  it('leaves values shorter than four characters alone', () => {
    expect(redactSecrets('abc abc', { secrets: ['abc'] })).toBe('abc abc');
  });

  it.each<[string, string, string]>([
    [
      'key=value',
      'connecting with password=s3cr3t! to db',
      `connecting with password=${REDACTED} to db`,
    ],
    [
      'a quoted JSON value',
      '{"api_key": "my key 1", "user": "ada"}',
      `{"api_key": "${REDACTED}", "user": "ada"}`,
    ],
    ['YAML', 'DB_PASSWORD: topsecret', `DB_PASSWORD: ${REDACTED}`],
    [
      'an authorization header',
      'Authorization: Bearer abcdefghijklmnop',
      `Authorization: Bearer ${REDACTED}`,
    ],
    [
      'credentials in a URL',
      'git clone https://ada:ghp_123456@github.com/x/y',
      `git clone https://ada:${REDACTED}@github.com/x/y`,
    ],
    [
      'a JSON web token',
      'got eyJhbGciOi.eyJzdWIiOiJ4In0.c2lnbmF0dXJl back',
      `got ${REDACTED} back`,
    ],
    [
      'an agent token',
      'token styrmin-agent.0b8c4c6f-5c0e-4f7e-9a43-7d1f1f9e0b1a.AbC_dEf-123',
      `token ${REDACTED}`,
    ],
    ['an AWS access key id', 'key AKIAABCDEFGHIJKLMNOP', `key ${REDACTED}`],
    [
      'a private key',
      'x\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\ny',
      `x\n${REDACTED}\ny`,
    ],
    [
      'a PGP private key block',
      '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOY\n-----END PGP PRIVATE KEY BLOCK-----',
      REDACTED,
    ],
    [
      'a PEM block in base64',
      'client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo=',
      `client-key-data: ${REDACTED}`,
    ],
    [
      'a GitHub token',
      'with ghp_R2d2C3poBb8Yoda4Luke5Leia6Han7Solo8Chew',
      `with ${REDACTED}`,
    ],
    ['a GitLab token', 'for glpat-xY9zW8vU7tS6rQ5pO4nM', `for ${REDACTED}`],
    ['a Slack token', 'via xoxb-2048-4096-AbCdEfGhIjKl', `via ${REDACTED}`],
    ['a Stripe key', 'key: sk_live_51Habcdefghijklmnop', `key: ${REDACTED}`],
    [
      'a Google API key',
      'key AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI denied',
      `key ${REDACTED} denied`,
    ],
    [
      'a Google OAuth access token',
      'using ya29.a0AfH6SMBx3Qm9ndXNUb2tlbkZv now',
      `using ${REDACTED} now`,
    ],
    [
      'a password in a URL without a user',
      'redis://:r3disPassw0rd@redis:6379',
      `redis://:${REDACTED}@redis:6379`,
    ],
    [
      'the signature of an Azure SAS URL',
      'https://a.blob.core.windows.net/c?sv=2022&sig=AbC%2Bdef%3D&sp=r',
      `https://a.blob.core.windows.net/c?sv=2022&sig=${REDACTED}&sp=r`,
    ],
    [
      'an Azure account key',
      'AccountName=b;AccountKey=Eby8vdM02xNO==;EndpointSuffix=x',
      `AccountName=b;AccountKey=${REDACTED};EndpointSuffix=x`,
    ],
    [
      'the auth of a Docker config',
      '{"auth":"Y2k6cGFzcw=="}',
      `{"auth":"${REDACTED}"}`,
    ],
    [
      'the password of curl -u',
      'curl -u admin:Curl-Pass https://x',
      `curl -u admin:${REDACTED} https://x`,
    ],
    [
      'the value of a --password flag',
      'docker login --password Dock3r-Secret reg',
      `docker login --password ${REDACTED} reg`,
    ],
    [
      'a passphrase',
      '{"passphrase":"Open Sesame"}',
      `{"passphrase":"${REDACTED}"}`,
    ],
  ])('replaces %s', (_what, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('leaves text without secrets as it is', () => {
    const text = 'Error: chart infrahub 1.0.0 not found (exit code 1)\n';
    expect(redactSecrets(text, { secrets: ['hunter2'] })).toBe(text);
  });
});
