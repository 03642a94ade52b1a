/**
 * The base URL of the styrmin backend plugin on a Backstage backend: `http://localhost:7007`
 * (with or without a trailing slash, and with any path prefix the backend is served under)
 * gives `http://localhost:7007/api/styrmin`.
 *
 * Throws a TypeError when `serverUrl` is not a plain http or https URL.
 *
 * @public
 */
export function styrminPluginUrl(serverUrl: string): string {
  const url = URL.canParse(serverUrl) ? new URL(serverUrl) : undefined;
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash
  ) {
    throw new TypeError(
      `Invalid Styrmin server URL "${serverUrl}"; expected the http or https base URL of a Backstage backend, such as http://localhost:7007`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/api/styrmin`;
}
