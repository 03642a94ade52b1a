import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { posix } from 'node:path';

/**
 * A git URL that {@link checkGitUrl} accepted.
 *
 * @public
 */
export interface CheckedGitUrl {
  url: string;
  /** The repository's absolute path when it is on this machine (`file://` or a path). */
  localPath?: string;
  /**
   * The host git will connect to, for any other repository: lower case, without a trailing
   * dot, an IPv6 address without its brackets.
   */
  host?: string;
}

const MAX_URL_LENGTH = 2048;
const MAX_REF_LENGTH = 255;
const MAX_PATH_LENGTH = 1024;

const REMOTE_SCHEMES = new Set(['https:', 'http:', 'ssh:', 'git:']);
/** `scheme://...`: a URL git reads by its scheme. */
const SCHEME_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/** `transport::address`: git hands these to a remote helper (`ext::` runs a command). */
const REMOTE_HELPER = /^[A-Za-z][A-Za-z0-9+.-]*::/;
/** `user@host:path`, the scp-like syntax of ssh; the host cannot start with "-". */
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9][A-Za-z0-9.-]*:(?!\/\/)[^-]/;
/** Option names that have no business in a URL (`--upload-pack=<command>`). */
const GIT_OPTIONS = /--(upload-pack|receive-pack|exec|config)\b/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SPACE_OR_CONTROL = new RegExp(`${CONTROL.source}| `);

function invalid(field: 'url' | 'ref' | 'path', message: string): never {
  throw new StyrminError('VALIDATION_FAILED', message, { field });
}

/**
 * Whether a command-line argument names a git repository rather than a local directory:
 * a URL with a scheme (`https://`, `file://`, ...), a remote-helper address, or
 * `user@host:path`. What it names is checked by {@link checkGitUrl}.
 *
 * @public
 */
export function isGitUrl(value: string): boolean {
  return (
    SCHEME_URL.test(value) ||
    REMOTE_HELPER.test(value) ||
    /^[^/\s]+@[^/\s]+:/.test(value)
  );
}

/**
 * Checks a git URL before it goes anywhere near git, and throws `VALIDATION_FAILED` (field
 * `url`) for anything that could smuggle an option or a command: a leading `-`, option
 * names, spaces and control characters, remote-helper transports (`ext::`, `fd::`), schemes
 * other than https, http, ssh, git and file, and credentials in the URL (it is stored and
 * shown to every reader; the server's git credential helper holds credentials). A relative
 * path is refused too: it would depend on the server's working directory.
 *
 * @public
 */
export function checkGitUrl(url: string): CheckedGitUrl {
  if (url.length === 0 || url.length > MAX_URL_LENGTH) {
    invalid('url', `A git URL has 1 to ${MAX_URL_LENGTH} characters`);
  }
  if (SPACE_OR_CONTROL.test(url) || url.includes('\\')) {
    // A backslash reads as "/" to a WHATWG URL parser but not to git: two hosts for one URL.
    invalid(
      'url',
      'A git URL must not contain spaces, backslashes or control characters',
    );
  }
  if (url.startsWith('-') || GIT_OPTIONS.test(url)) {
    invalid('url', `${JSON.stringify(url)} looks like a git option, not a URL`);
  }
  if (REMOTE_HELPER.test(url)) {
    invalid(
      'url',
      `${JSON.stringify(
        url,
      )} names a git remote helper (transport::address); ` +
        'only https, http, ssh, git and file URLs are loaded',
    );
  }
  if (SCHEME_URL.test(url)) {
    return checkSchemeUrl(url);
  }
  if (SCP_LIKE.test(url)) {
    return {
      url,
      host: normalizeHost(url.slice(url.indexOf('@') + 1, url.indexOf(':'))),
    };
  }
  if (url.startsWith('/')) {
    return { url, localPath: posix.normalize(url) };
  }
  return invalid(
    'url',
    `${JSON.stringify(
      url,
    )} is not a git URL: use https://, http://, ssh://, git://, ` +
      'file://, user@host:path, or an absolute path',
  );
}

function checkSchemeUrl(url: string): CheckedGitUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalid('url', `${JSON.stringify(url)} is not a valid URL`);
  }
  if (parsed.protocol === 'file:') {
    if (parsed.host !== '' && parsed.host !== 'localhost') {
      invalid('url', 'A file:// URL names a path on this machine, not a host');
    }
    let localPath: string;
    try {
      localPath = decodeURIComponent(parsed.pathname);
    } catch {
      return invalid('url', `${JSON.stringify(url)} is not a valid URL`);
    }
    if (CONTROL.test(localPath)) {
      invalid('url', 'A git URL must not contain control characters');
    }
    return { url, localPath: posix.normalize(localPath) };
  }
  if (!REMOTE_SCHEMES.has(parsed.protocol)) {
    invalid(
      'url',
      `${parsed.protocol}// URLs are not loaded; use https://, http://, ssh://, git:// or file://`,
    );
  }
  if (parsed.password || (parsed.username && parsed.protocol !== 'ssh:')) {
    invalid(
      'url',
      'A git URL must not hold credentials: it is stored and shown to every reader. ' +
        "Give the server's git its credentials (a credential helper, an SSH key) instead",
    );
  }
  if (parsed.hostname.startsWith('-') || parsed.username.startsWith('-')) {
    invalid('url', `${JSON.stringify(url)} looks like a git option, not a URL`);
  }
  const authority = url.slice(url.indexOf('//') + 2).split(/[/?#]/)[0];
  if (parsed.hostname === '' || authority.includes('%')) {
    // git does not decode a host as a URL parser does: only a plain host is the same to both.
    invalid('url', `${JSON.stringify(url)} does not name a plain host`);
  }
  return { url, host: normalizeHost(parsed.hostname) };
}

/** A host as the allow-list compares it: `[::1]` is `::1`, `GitHub.com.` is `github.com`. */
function normalizeHost(host: string): string {
  return host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * Checks a branch, tag or commit and throws `VALIDATION_FAILED` (field `ref`) unless it is
 * one: letters, digits and `._/-`, not starting with `-` or `/`, without `..`, `//`, a
 * trailing `/` or `.`, or `.lock`. So a ref can be neither an option nor a refspec
 * (`src:dst`, `+force`, globs).
 */
export function checkGitRef(ref: string): string {
  if (ref.length === 0 || ref.length > MAX_REF_LENGTH) {
    invalid('ref', `A git ref has 1 to ${MAX_REF_LENGTH} characters`);
  }
  if (
    !/^[A-Za-z0-9._/-]+$/.test(ref) ||
    /^[-/]|\.\.|\/\/|[/.]$|\.lock$|(^|\/)\./.test(ref)
  ) {
    invalid(
      'ref',
      `${JSON.stringify(
        ref,
      )} is not a branch, tag or commit name: use letters, digits ` +
        'and "._/-", not starting with "-"',
    );
  }
  return ref;
}

/**
 * Checks the path of the driver inside a repository and returns it normalized (`.` for
 * the root); throws `VALIDATION_FAILED` (field `path`) for an absolute path, `..`, `\`, a
 * leading `-`, or control characters.
 */
export function checkRepositoryPath(path: string | undefined): string {
  if (path === undefined || path === '') {
    return '.';
  }
  if (
    path.length > MAX_PATH_LENGTH ||
    CONTROL.test(path) ||
    path.includes('\\') ||
    path.startsWith('/') ||
    path.startsWith('-') ||
    path.split('/').includes('..')
  ) {
    invalid(
      'path',
      `${JSON.stringify(path)} is not a relative path inside the repository`,
    );
  }
  return posix.normalize(path).replace(/\/$/, '');
}
