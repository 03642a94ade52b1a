import { ownValue } from './ownValue';

/*
 * The image override's form follows the OCI reference grammar of distribution/reference
 * (what docker, containerd and the registries accept):
 *
 *   reference  := name [ ":" tag ] [ "@" digest ]
 *   name       := domain "/" path-component [ "/" path-component ]*   (at most 255 characters)
 *   domain     := host [ ":" port ], host a DNS name or a bracketed IPv6 address
 *   path-component := [a-z0-9]+ ( ( "." | "_" | "__" | "-"+ ) [a-z0-9]+ )*
 *   tag        := [A-Za-z0-9_] [A-Za-z0-9_.-]{0,127}
 *   digest     := algorithm ":" hex, sha256 with 64 and sha512 with 128 lower-case hex digits
 *
 * A full reference names its registry (the domain) and has an explicit tag or digest:
 * without a tag the runtime would pull whatever `latest` is at the time, and without a
 * registry the runtime's default registry, neither of which the user can see.
 */

const TOKEN = String.raw`\{\{\s*app\.version\s*\}\}`;

const DOMAIN_COMPONENT = '[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?';
const DOMAIN = new RegExp(
  `^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`,
);
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^\w[\w.-]{0,127}$/;
const DIGEST =
  /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const REGISTERED_DIGESTS: Record<string, RegExp> = {
  sha256: /^[a-f0-9]{64}$/,
  sha512: /^[a-f0-9]{128}$/,
};
const MAX_NAME_LENGTH = 255;

/**
 * The example the messages give of a full reference.
 */
const EXAMPLE = 'registry.example.com/team/app:{{ app.version }}';

/**
 * The image a component container runs: the override with each `{{ app.version }}` token
 * replaced by the application version.
 *
 * @public
 */
export function resolveImageOverride(image: string, appVersion: string) {
  return image.replace(new RegExp(TOKEN, 'g'), appVersion);
}

/** Whether the first part of a name is a registry rather than a repository path component. */
function isRegistry(component: string) {
  return (
    component.includes('.') ||
    component.includes(':') ||
    component === 'localhost'
  );
}

function nameProblem(name: string): string | undefined {
  const [domain, ...path] = name.split('/');
  if (path.length === 0 || !isRegistry(domain)) {
    return `Must name its registry and repository, such as ${EXAMPLE}`;
  }
  if (!DOMAIN.test(domain)) {
    return `The registry "${domain}" is not a host name with an optional port`;
  }
  const badComponent = path.find(component => !PATH_COMPONENT.test(component));
  if (badComponent !== undefined) {
    return /[A-Z]/.test(badComponent)
      ? `The repository is lower case ("${badComponent}")`
      : `The repository part "${badComponent}" is not lower-case letters and digits separated by ".", "_", "__" or "-"`;
  }
  if (name.length > MAX_NAME_LENGTH) {
    return `The registry and repository are longer than ${MAX_NAME_LENGTH} characters`;
  }
  return undefined;
}

function digestProblem(digest: string): string | undefined {
  const [algorithm, hex] = digest.split(':');
  const registered = ownValue(REGISTERED_DIGESTS, algorithm);
  if (!DIGEST.test(digest) || (registered && !registered.test(hex))) {
    return `The digest "${digest}" is not an algorithm and its hex digits, such as sha256: and 64 lower-case hex digits`;
  }
  return undefined;
}

function tagProblem(tag: string, appVersion: string | undefined) {
  const resolved = resolveImageOverride(tag, appVersion ?? '0');
  if (TAG.test(resolved)) {
    return undefined;
  }
  const explanation =
    'letters, digits, "_", "." and "-", at most 128, not starting with "." or "-"';
  return resolved === tag
    ? `The tag "${tag}" is not a valid tag (${explanation})`
    : `The tag "${tag}" becomes "${resolved}" with the application version, which is not a valid tag (${explanation})`;
}

/**
 * What is wrong with the form of an image override, if anything. A `{{ app.version }}`
 * token may stand in the tag, alone or with text around it (`v{{ app.version }}`); the tag
 * is checked with the application version in its place, or a neutral version when the
 * application version is not known.
 *
 * @public
 */
export function imageOverrideProblem(
  image: string,
  { appVersion }: { appVersion?: string } = {},
): string | undefined {
  const withoutTokens = image.replace(new RegExp(TOKEN, 'g'), '');
  if (/[{}]/.test(withoutTokens)) {
    return 'The only token an image override may hold is {{ app.version }}';
  }
  if (/\s/.test(withoutTokens)) {
    return 'Must not contain whitespace';
  }
  const at = image.indexOf('@');
  const nameAndTag = at === -1 ? image : image.slice(0, at);
  const digest = at === -1 ? undefined : image.slice(at + 1);
  const colon = nameAndTag.indexOf(':', nameAndTag.lastIndexOf('/') + 1);
  const name = colon === -1 ? nameAndTag : nameAndTag.slice(0, colon);
  const tag = colon === -1 ? undefined : nameAndTag.slice(colon + 1);

  const token = new RegExp(TOKEN);
  if (token.test(name) || (digest !== undefined && token.test(digest))) {
    return 'The {{ app.version }} token may only stand in the tag';
  }
  if (tag === undefined && digest === undefined) {
    return `Must have an explicit tag or digest, such as ${EXAMPLE}`;
  }
  return (
    nameProblem(name) ??
    (tag === undefined ? undefined : tagProblem(tag, appVersion)) ??
    (digest === undefined ? undefined : digestProblem(digest))
  );
}
