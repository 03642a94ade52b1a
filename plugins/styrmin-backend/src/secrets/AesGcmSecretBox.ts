import {
  LoggerService,
  RootConfigService,
} from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  KeyObject,
  randomBytes,
} from 'node:crypto';
import { SEALED_PREFIX, SecretBox } from './SecretBox';

/** A key of `styrmin.secrets.keys`: its id, and 32 bytes as base64. */
export type SecretKey = { id: string; secret: string };

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
/** GCM's standard nonce: random per seal, so 2^32 seals per key stay far from a repeat. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The {@link SecretBox} of AES-256-GCM: each seal takes a fresh random IV, and the key id
 * is authenticated with the ciphertext (as GCM's additional data), so that a sealed text
 * cannot be passed off as sealed under another key.
 *
 * @internal
 */
export class AesGcmSecretBox implements SecretBox {
  readonly #keys: ReadonlyMap<string, KeyObject>;
  readonly newestKeyId: string;

  /** `keys` newest first: the first seals, all of them open. */
  static create(options: { keys: SecretKey[] }): AesGcmSecretBox {
    const { keys } = options;
    if (keys.length === 0) {
      throw new InputError('styrmin.secrets.keys must list at least one key');
    }
    const byId = new Map<string, KeyObject>();
    keys.forEach(({ id, secret }, index) => {
      const where = `styrmin.secrets.keys[${index}]`;
      if (!KEY_ID.test(id)) {
        throw new InputError(
          `${where}.id must be 1 to 64 letters, digits, '-' or '_'`,
        );
      }
      if (byId.has(id)) {
        throw new InputError(`${where}.id '${id}' is listed twice`);
      }
      const key = Buffer.from(secret, 'base64');
      if (key.length !== KEY_BYTES) {
        // Never the secret itself: only how long it was.
        throw new InputError(
          `${where}.secret must be ${KEY_BYTES} bytes as base64, not ${key.length}`,
        );
      }
      // Imported once: a raw key would be imported again for every seal and open.
      byId.set(id, createSecretKey(key));
    });
    return new AesGcmSecretBox(byId, keys[0].id);
  }

  /**
   * The keys of `styrmin.secrets.keys`. None configured is an error naming the setting,
   * but under jest (`NODE_ENV=test`), whose databases live as long as one test: there a
   * fixed key that anyone can read in this file serves, with a warning, so that the
   * replicas and restarts of a test's backend open what each other sealed.
   */
  static fromConfig(
    config: RootConfigService,
    logger: LoggerService,
  ): AesGcmSecretBox {
    const keys = config.getOptionalConfigArray('styrmin.secrets.keys');
    if (!keys) {
      if (process.env.NODE_ENV === 'test') {
        logger.warn(
          'styrmin.secrets.keys is not set: secret values are sealed under a key for tests only',
        );
        return AesGcmSecretBox.create({
          keys: [
            {
              id: 'tests-only',
              secret: createHash('sha256')
                .update('styrmin: a key for tests only')
                .digest('base64'),
            },
          ],
        });
      }
      throw new InputError(
        'styrmin.secrets.keys is not set: the backend seals secret values in its database with it (docs/secrets-at-rest.md)',
      );
    }
    return AesGcmSecretBox.create({
      keys: keys.map(key => ({
        id: key.getString('id'),
        secret: key.getString('secret'),
      })),
    });
  }

  /** A new random key as `styrmin.secrets.keys` takes it. */
  static generateKey(): string {
    return randomBytes(KEY_BYTES).toString('base64');
  }

  private constructor(
    keys: ReadonlyMap<string, KeyObject>,
    newestKeyId: string,
  ) {
    this.#keys = keys;
    this.newestKeyId = newestKeyId;
  }

  seal(plaintext: string): string {
    const header = `${SEALED_PREFIX}${this.newestKeyId}:`;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(
      ALGORITHM,
      this.#keys.get(this.newestKeyId)!,
      iv,
    );
    cipher.setAAD(Buffer.from(header));
    const ciphertext = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${header}${iv.toString('base64url')}:${ciphertext.toString(
      'base64url',
    )}`;
  }

  open(sealed: string): string {
    const keyId = this.keyIdOf(sealed);
    if (keyId === undefined) {
      throw new Error('The value is not a sealed secret');
    }
    const key = this.#keys.get(keyId);
    if (!key) {
      throw new StyrminError(
        'SECRET_KEY_UNKNOWN',
        `A secret value is sealed under key '${keyId}', which styrmin.secrets.keys does not list`,
      );
    }
    const header = `${SEALED_PREFIX}${keyId}:`;
    const [iv, body] = sealed.slice(header.length).split(':');
    const data = Buffer.from(body ?? '', 'base64url');
    try {
      const decipher = createDecipheriv(
        ALGORITHM,
        key,
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAAD(Buffer.from(header));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(data.subarray(0, data.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch (error) {
      throw new StyrminError(
        'SECRET_KEY_UNKNOWN',
        `A secret value sealed under key '${keyId}' does not open with the key of that id: the key changed, or the value was altered`,
        { cause: error },
      );
    }
  }

  keyIdOf(text: string): string | undefined {
    if (!text.startsWith(SEALED_PREFIX)) {
      return undefined;
    }
    const keyId = text.slice(SEALED_PREFIX.length).split(':', 1)[0];
    return KEY_ID.test(keyId) ? keyId : undefined;
  }
}
