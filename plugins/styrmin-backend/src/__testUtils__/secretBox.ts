import { AesGcmSecretBox } from '../secrets/AesGcmSecretBox';

/** A key for tests: fixed, so that a failing test prints the same sealed texts again. */
export const TEST_SECRET_KEY = {
  id: 'test-key',
  secret: Buffer.alloc(32, 7).toString('base64'),
};

/** The SecretBox of the tests' stores, and the `styrmin.secrets` of their backends. */
export function testSecretBox(): AesGcmSecretBox {
  return AesGcmSecretBox.create({ keys: [TEST_SECRET_KEY] });
}

/** `styrmin.secrets` for a test backend's root config. */
export const TEST_SECRETS_CONFIG = { keys: [TEST_SECRET_KEY] };
