/**
 * Seals secret values for the database, and opens them again: the seam between the stores
 * and the keys of `styrmin.secrets.keys`. A sealed text names the key it was sealed with,
 * so that a value sealed under an older key still opens while that key is configured.
 *
 * @internal
 */
export interface SecretBox {
  /** The id of the newest key, the one `seal` uses. */
  readonly newestKeyId: string;

  /** The text sealed under the newest key: `styrmin-sealed:v1:<key id>:<iv>:<ciphertext>`. */
  seal(plaintext: string): string;

  /**
   * The text a sealed text holds. A key that is not configured (any more) throws
   * `StyrminError` with code `SECRET_KEY_UNKNOWN`, naming the key id; a text that was
   * changed or sealed under another key of the same id throws `SECRET_KEY_UNKNOWN` too.
   */
  open(sealed: string): string;

  /** The id of the key a text was sealed with; undefined for a text that is not sealed. */
  keyIdOf(text: string): string | undefined;
}

/** What every sealed text starts with: rows without it were written before sealing. */
export const SEALED_PREFIX = 'styrmin-sealed:v1:';
