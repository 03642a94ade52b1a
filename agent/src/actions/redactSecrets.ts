const REDACTED = '<redacted>';

/**
 * Common ways a secret shows in a line: credentials in a URL, a bearer token, and a value
 * after a key that names a password, token, secret or key.
 */
const SECRET_FORMS: RegExp[] = [
  /(?<=:\/\/[^\s:/@]+:)[^\s@/]+(?=@)/g,
  /(?<=\bbearer\s+)[\w.~+/=-]+/gi,
  /(?<=\b[\w-]*(?:password|passwd|token|secret|api[_-]?key)[\w-]*["']?\s*[:=]\s*["']?)[^\s"',;]+/gi,
];

/**
 * A line with the known secret values (the context's secret parameters) and some common
 * forms of secrets replaced by `<redacted>`: what an action writes can reach a step's error,
 * which every user who can read the task reads. Not every form is caught, which is why
 * drivers must not print secrets.
 */
export function redactSecrets(
  line: string,
  secrets: readonly string[],
): string {
  let redacted = line;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4) {
      redacted = redacted.split(secret).join(REDACTED);
    }
  }
  return SECRET_FORMS.reduce(
    (text, form) => text.replace(form, REDACTED),
    redacted,
  );
}
