/**
 * Key-value pairs that go with a log line: the Kubernetes logging convention (a short
 * capitalised message in the past tense, the objects and values as pairs) that
 * controller-runtime and klog follow, so that the agent's logs read like any operator's.
 *
 * @public
 */
export type LogFields = Record<string, string | number | boolean | undefined>;

/**
 * The agent's logger. Never give it a context, a values document or anything else that may
 * hold a secret: only names, ids, reasons and counts.
 *
 * @public
 */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields & { error?: string }): void;
  /** A logger that adds these pairs to every line. */
  child(fields: LogFields): Logger;
}

type Level = 'info' | 'error';

function quote(value: string): string {
  return /^[\w./:@-]+$/.test(value) ? value : JSON.stringify(value);
}

/**
 * A logger that writes one logfmt line per call (`level=info msg="Created HelmRelease"
 * controller=styrmindeployment HelmRelease=styrmin-system/3b8d2c41`), the text form of
 * controller-runtime's structured logs.
 *
 * @public
 */
export function createLogfmtLogger(
  write: (line: string) => void = line => process.stdout.write(`${line}\n`),
  fields: LogFields = {},
): Logger {
  const log = (level: Level, message: string, extra: LogFields = {}) => {
    const pairs = Object.entries({ ...fields, ...extra })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${quote(String(value))}`);
    write(
      [
        `ts=${new Date().toISOString()}`,
        `level=${level}`,
        `msg=${JSON.stringify(message)}`,
        ...pairs,
      ].join(' '),
    );
  };
  return {
    info: (message, extra) => log('info', message, extra),
    error: (message, extra) => log('error', message, extra),
    child: extra => createLogfmtLogger(write, { ...fields, ...extra }),
  };
}
