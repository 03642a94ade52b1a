import { redactSecrets } from './redactSecrets';

describe('redactSecrets', () => {
  it.each([
    [
      'login failed for correct horse battery staple',
      'login failed for <redacted>',
    ],
    [
      'GET https://admin:hunter22@example.com/x',
      'GET https://admin:<redacted>@example.com/x',
    ],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer <redacted>'],
    ['password=abc123 user=me', 'password=<redacted> user=me'],
    ['{"api_token": "s3cr3t", "n": 1}', '{"api_token": "<redacted>", "n": 1}'],
    ['INFRAHUB_API_KEY: xyz', 'INFRAHUB_API_KEY: <redacted>'],
    ['nothing secret here', 'nothing secret here'],
  ])('%s', (line, expected) => {
    expect(redactSecrets(line, ['correct horse battery staple'])).toBe(
      expected,
    );
  });

  it('leaves values too short to be told from ordinary words', () => {
    expect(redactSecrets('a b c', ['a'])).toBe('a b c');
  });
});
