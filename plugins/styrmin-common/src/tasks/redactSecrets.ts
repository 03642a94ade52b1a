import { isJsonObject, JsonValue } from '../configuration/JsonValue';
import { GlobalContext } from '../context/GlobalContext';
import { secretPathMatcher } from '../reconciliation/maskSecrets';

/**
 * What replaces a secret in a step's error or output tail.
 *
 * @public
 */
export const REDACTED = '<redacted>';

/**
 * Secret values shorter than this are left alone: replacing every `ab` of a text would
 * make it unreadable and hide nothing worth hiding.
 *
 * @public
 */
export const MIN_REDACTED_SECRET_LENGTH = 4;

/** A value in the quotes it came in, or up to the next separator. */
const VALUE = `("[^"\\n]*"|'[^'\\n]*'|[^\\s"',;&]+)`;

/**
 * Common forms of secrets in logs, each with what replaces it. Not every form: the Driver
 * API tells driver authors not to print secrets.
 */
const SECRET_FORMS: ReadonlyArray<{
  pattern: RegExp;
  replace: (match: string, ...groups: string[]) => string;
}> = [
  {
    // PEM and PGP private keys, up to their end or the end of the text.
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g,
    replace: () => REDACTED,
  },
  {
    // A PEM block in base64 (a kubeconfig's client-key-data): "-----BEGIN" encoded.
    pattern: /LS0tLS1CRUdJTi[A-Za-z0-9+/=]*/g,
    replace: () => REDACTED,
  },
  {
    // Well-known token shapes: GitHub, GitLab, Slack, Stripe, npm, Google API keys and
    // OAuth access tokens. Their prefixes say what they are wherever they are printed.
    pattern:
      /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}|glpat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|npm_[A-Za-z0-9]{36,}|AIza[A-Za-z0-9_-]{35}|ya29\.[A-Za-z0-9_-]{20,})/g,
    replace: () => REDACTED,
  },
  {
    // Styrmin agent tokens.
    pattern: /styrmin-agent\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+/g,
    replace: () => REDACTED,
  },
  {
    // Authorization header values.
    pattern: /\b(Bearer|Basic|Token)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
    replace: (_match, scheme, space) => `${scheme}${space}${REDACTED}`,
  },
  {
    // JSON web tokens.
    pattern: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
    replace: () => REDACTED,
  },
  {
    // Credentials in URLs: scheme://user:password@host, the user possibly empty (Redis).
    pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi,
    replace: (_match, prefix) => `${prefix}${REDACTED}@`,
  },
  {
    // AWS access key ids.
    pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
    replace: () => REDACTED,
  },
  {
    // The signature of an Azure shared access signature URL.
    pattern: /([?&]sig=)[^&\s"']+/g,
    replace: (_match, prefix) => `${prefix}${REDACTED}`,
  },
  {
    // The auth of a Docker config: base64 of user:password.
    pattern: /("auth"\s*:\s*")[^"]+"/g,
    replace: (_match, prefix) => `${prefix}${REDACTED}"`,
  },
  {
    // curl -u user:password, --user user:password.
    pattern: /(\s(?:-u|--user)[\s=]+[^\s:]+:)\S+/g,
    replace: (_match, prefix) => `${prefix}${REDACTED}`,
  },
  {
    // Command-line flags that carry a secret: --password x, --token=x.
    pattern:
      /(--[\w-]*(?:password|passwd|passphrase|token|secret|api-key)[\w-]*(?:\s+|=))(?!-)\S+/gi,
    replace: (_match, prefix) => `${prefix}${REDACTED}`,
  },
  {
    // password=..., "api_key": "...", TOKEN: ... (the key's name says it is secret).
    pattern: new RegExp(
      `([\\w.-]*(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|access[_-]?key|account[_-]?key|private[_-]?key|credentials?)[\\w.-]*["']?)(\\s*[=:]\\s*)${VALUE}`,
      'gi',
    ),
    replace: (_match, key, separator, value) => {
      const quote = /^["']/.test(value) ? value[0] : '';
      return `${key}${separator}${quote}${REDACTED}${quote}`;
    },
  },
];

/**
 * The values of a context that are secret: every string, number or boolean at one of its
 * `secret_paths` or under one, as text, longest first, without those shorter than
 * {@link MIN_REDACTED_SECRET_LENGTH}.
 *
 * @public
 */
export function secretValuesOf(context: GlobalContext): string[] {
  const isSecret = secretPathMatcher(context.secret_paths ?? []);
  const values = new Set<string>();
  const visit = (value: JsonValue, path: string[], secret: boolean) => {
    const inSecret = secret || isSecret(path);
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        visit(item, [...path, String(index)], inSecret),
      );
    } else if (isJsonObject(value)) {
      for (const [key, inner] of Object.entries(value)) {
        visit(inner, [...path, key], inSecret);
      }
    } else if (inSecret && value !== null) {
      values.add(String(value));
    }
  };
  visit(context as unknown as JsonValue, [], false);
  return sortForRedaction(values);
}

/**
 * Text that every signed-in user may read (a step's error, the end of a failed command's
 * output) with the known secret values and common forms of secrets replaced by
 * {@link REDACTED}. The Driver API promises this much, and no more: "some common forms".
 *
 * @public
 */
export function redactSecrets(
  text: string,
  options: { secrets?: Iterable<string> } = {},
): string {
  let redacted = text;
  const secrets = [...(options.secrets ?? [])];
  for (const secret of sortForRedaction(secrets.flatMap(encodedForms))) {
    redacted = redacted.split(secret).join(REDACTED);
  }
  for (const { pattern, replace } of SECRET_FORMS) {
    redacted = redacted.replace(pattern, replace);
  }
  return redacted;
}

/**
 * A secret as it is written, and as commands print it encoded: base64 (a Kubernetes
 * Secret's data, basic auth), base64url, URL-encoded (a connection string) and JSON-escaped
 * (a multi-line value in a JSON log line).
 */
function encodedForms(secret: string): string[] {
  let binary = '';
  for (const byte of new TextEncoder().encode(secret)) {
    binary += String.fromCharCode(byte);
  }
  const base64 = btoa(binary);
  const unpadded = base64.replace(/=+$/, '');
  return [
    secret,
    base64,
    unpadded,
    unpadded.replace(/\+/g, '-').replace(/\//g, '_'),
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
  ];
}

/** Long enough to redact, each once, longest first so that no part of one is left. */
function sortForRedaction(values: Iterable<string>): string[] {
  return [...new Set(values)]
    .filter(value => value.length >= MIN_REDACTED_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
}
