import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** `corpus/secrets/forms.json` (docs/secret-redaction.md says what it holds). */
const FORMS_FILE = resolve(__dirname, '../../../../corpus/secrets/forms.json');

/** How a form writes the deployment's own secret. */
type OwnEncoding =
  | 'plain'
  | 'base64'
  | 'base64-unpadded'
  | 'base64url'
  | 'url'
  | 'json';

type FormEntry = { group: string; name: string; text: string } & (
  | { secrets: string[]; own?: undefined }
  | { own: OwnEncoding; secrets?: undefined }
);

/** One form of the secrets corpus: a text an agent reports, and what none may read of it. */
export type SecretForm = {
  /** The kind of secret: "Passwords in URLs", "PEM keys", ... */
  group: string;
  name: string;
  text: string;
  /** Substrings of `text` that must not be read anywhere the text lands. */
  secrets: string[];
};

/**
 * The forms of the secrets corpus, the deployment's own ones written with `ownSecret` (the
 * example deployment's declared secret) in their encoding.
 */
export function loadSecretForms(ownSecret: string): SecretForm[] {
  const { forms } = JSON.parse(readFileSync(FORMS_FILE, 'utf8')) as {
    forms: FormEntry[];
  };
  return forms.map(form => {
    if (form.own === undefined) {
      return form;
    }
    const encoded = encode(ownSecret, form.own);
    return {
      group: form.group,
      name: form.name,
      text: form.text.split('{secret}').join(encoded),
      secrets: [...new Set([encoded, ownSecret])],
    };
  });
}

function encode(secret: string, encoding: OwnEncoding): string {
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  switch (encoding) {
    case 'plain':
      return secret;
    case 'base64':
      return base64;
    case 'base64-unpadded':
      return base64.replace(/=+$/, '');
    case 'base64url':
      return Buffer.from(secret, 'utf8').toString('base64url');
    case 'url':
      return encodeURIComponent(secret);
    case 'json':
      return JSON.stringify(secret).slice(1, -1);
    default:
      throw new Error(`Unknown encoding ${encoding}`);
  }
}
