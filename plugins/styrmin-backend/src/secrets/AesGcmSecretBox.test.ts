import { mockServices } from '@backstage/backend-test-utils';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { AesGcmSecretBox } from './AesGcmSecretBox';

const OLD = { id: 'k2026-01', secret: AesGcmSecretBox.generateKey() };
const NEW = { id: 'k2026-12', secret: AesGcmSecretBox.generateKey() };
const PASSWORD = 'correct horse battery staple';

function refusal(fn: () => unknown): StyrminError {
  try {
    fn();
  } catch (error) {
    return error as StyrminError;
  }
  throw new Error('It did not throw');
}

describe('AesGcmSecretBox', () => {
  it('seals under the newest key a text that only the box opens', () => {
    const box = AesGcmSecretBox.create({ keys: [NEW, OLD] });
    const sealed = box.seal(PASSWORD);
    expect(sealed).toMatch(/^styrmin-sealed:v1:k2026-12:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(PASSWORD);
    expect(sealed).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    expect(box.keyIdOf(sealed)).toBe('k2026-12');
    expect(box.open(sealed)).toBe(PASSWORD);
  });

  it('takes a fresh IV for every seal, so equal values do not look equal', () => {
    const box = AesGcmSecretBox.create({ keys: [NEW] });
    expect(box.seal(PASSWORD)).not.toBe(box.seal(PASSWORD));
  });

  it('opens what an older key sealed while that key is listed', () => {
    const sealed = AesGcmSecretBox.create({ keys: [OLD] }).seal(PASSWORD);
    const rotated = AesGcmSecretBox.create({ keys: [NEW, OLD] });
    expect(rotated.keyIdOf(sealed)).toBe('k2026-01');
    expect(rotated.open(sealed)).toBe(PASSWORD);
  });

  it('refuses a removed key with SECRET_KEY_UNKNOWN naming the key, never the value', () => {
    const sealed = AesGcmSecretBox.create({ keys: [OLD] }).seal(PASSWORD);
    const error = refusal(() =>
      AesGcmSecretBox.create({ keys: [NEW] }).open(sealed),
    );
    expect(error).toBeInstanceOf(StyrminError);
    expect(error.code).toBe('SECRET_KEY_UNKNOWN');
    expect(error.message).toContain("'k2026-01'");
    expect(error.message).not.toContain(PASSWORD);
  });

  it('refuses an altered text, a key id sealed by another key, and a moved key id', () => {
    const box = AesGcmSecretBox.create({ keys: [NEW] });
    const sealed = box.seal(PASSWORD);
    const parts = sealed.split(':');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    const flipped = [...parts.slice(0, 4), body.toString('base64url')].join(
      ':',
    );
    expect(refusal(() => box.open(flipped)).code).toBe('SECRET_KEY_UNKNOWN');
    const impostor = AesGcmSecretBox.create({
      keys: [{ id: NEW.id, secret: OLD.secret }],
    });
    expect(refusal(() => impostor.open(sealed)).code).toBe(
      'SECRET_KEY_UNKNOWN',
    );
    // The key id is authenticated: relabelling the text for another listed key fails.
    const both = AesGcmSecretBox.create({
      keys: [NEW, { id: 'other', secret: NEW.secret }],
    });
    const relabelled = sealed.replace(':k2026-12:', ':other:');
    expect(refusal(() => both.open(relabelled)).code).toBe(
      'SECRET_KEY_UNKNOWN',
    );
  });

  it('tells sealed texts from others', () => {
    const box = AesGcmSecretBox.create({ keys: [NEW] });
    expect(box.keyIdOf('{"parameters":{}}')).toBeUndefined();
    expect(box.keyIdOf('styrmin-sealed:v1:bad key:x:y')).toBeUndefined();
  });

  it('refuses keys that are not 32 bytes, ids twice, odd ids and no key, never printing a key', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    expect(() =>
      AesGcmSecretBox.create({ keys: [{ id: 'a', secret: short }] }),
    ).toThrow(
      'styrmin.secrets.keys[0].secret must be 32 bytes as base64, not 16',
    );
    expect(() =>
      AesGcmSecretBox.create({ keys: [{ id: 'a', secret: short }] }),
    ).not.toThrow(short);
    expect(() => AesGcmSecretBox.create({ keys: [NEW, NEW] })).toThrow(
      "styrmin.secrets.keys[1].id 'k2026-12' is listed twice",
    );
    expect(() =>
      AesGcmSecretBox.create({ keys: [{ id: 'a b', secret: NEW.secret }] }),
    ).toThrow('styrmin.secrets.keys[0].id must be 1 to 64 letters');
    expect(() => AesGcmSecretBox.create({ keys: [] })).toThrow(
      'at least one key',
    );
  });

  describe('fromConfig', () => {
    const logger = mockServices.logger.mock();

    it('reads styrmin.secrets.keys, newest first', () => {
      const box = AesGcmSecretBox.fromConfig(
        mockServices.rootConfig({
          data: { styrmin: { secrets: { keys: [NEW, OLD] } } },
        }),
        logger,
      );
      expect(box.newestKeyId).toBe('k2026-12');
    });

    it('refuses to start without keys outside tests', () => {
      const env = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        expect(() =>
          AesGcmSecretBox.fromConfig(mockServices.rootConfig(), logger),
        ).toThrow('styrmin.secrets.keys is not set');
      } finally {
        process.env.NODE_ENV = env;
      }
    });

    it('seals under a key for tests only, with a warning, in tests', () => {
      const box = AesGcmSecretBox.fromConfig(mockServices.rootConfig(), logger);
      expect(box.newestKeyId).toBe('tests-only');
      const again = AesGcmSecretBox.fromConfig(
        mockServices.rootConfig(),
        logger,
      );
      expect(again.open(box.seal(PASSWORD))).toBe(PASSWORD);
      expect(logger.warn).toHaveBeenCalledWith(
        expect.stringContaining('styrmin.secrets.keys is not set'),
      );
    });
  });
});
