import { JsonMap } from '../../../util/json';
import { sha256Digest } from '../ArtifactStorage';
import { FetchError, httpGet } from './httpGet';
import { latestInRange } from './semverRange';

const MANIFEST_TYPES = [
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ');

/** A pulled OCI artifact: the layer's bytes and the reference it came from. */
export interface OciPull {
  tag?: string;
  /** `sha256:<hex>` of the manifest. */
  manifestDigest: string;
  layer: Buffer;
}

/** A registry's token endpoint answer to a `WWW-Authenticate: Bearer` challenge. */
async function anonymousToken(challenge: string, timeoutMs: number) {
  const params = Object.fromEntries(
    [...challenge.matchAll(/(\w+)="([^"]*)"/g)].map(m => [m[1], m[2]]),
  );
  if (!params.realm) {
    return undefined;
  }
  const url = new URL(params.realm);
  for (const key of ['service', 'scope']) {
    if (params[key]) {
      url.searchParams.set(key, params[key]);
    }
  }
  const { body } = await httpGet(url.href, { timeoutMs });
  const answer = JSON.parse(body.toString('utf8'));
  return (answer.token ?? answer.access_token) as string | undefined;
}

/**
 * Pulls an artifact from an OCI registry with the distribution API as Flux does, anonymously
 * (a Bearer challenge is answered with an anonymous token): the reference is a tag, the highest
 * tag in a semver range, or a digest; the layer is the one of `layerMediaType`, else the
 * first. `insecure` speaks plain HTTP, as Flux's `spec.insecure` does.
 */
export async function pullOciArtifact(options: {
  url: string;
  ref: JsonMap;
  insecure?: boolean;
  layerMediaType?: string;
  timeoutMs: number;
}): Promise<OciPull> {
  const match = /^oci:\/\/([^/]+)\/(.+?)\/*$/.exec(options.url);
  if (!match) {
    throw new Error(`URL must be in format 'oci://<domain>/<org>/<repo>'`);
  }
  const [, host, repository] = match;
  const base = `${
    options.insecure ? 'http' : 'https'
  }://${host}/v2/${repository}`;
  let token: string | undefined;
  const get = async (url: string, accept?: string) => {
    const headers = (): Record<string, string> => ({
      ...(accept ? { accept } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    try {
      return await httpGet(url, {
        timeoutMs: options.timeoutMs,
        headers: headers(),
      });
    } catch (error) {
      if (!(error instanceof FetchError) || error.status !== 401 || token) {
        throw error;
      }
      const challenge = await fetch(url, { headers: headers() }).then(r =>
        r.headers.get('www-authenticate'),
      );
      token = challenge
        ? await anonymousToken(challenge, options.timeoutMs)
        : undefined;
      if (!token) {
        throw error;
      }
      return httpGet(url, { timeoutMs: options.timeoutMs, headers: headers() });
    }
  };
  let tag: string | undefined = options.ref.tag;
  if (options.ref.semver) {
    const { body } = await get(`${base}/tags/list`);
    const tags: string[] = JSON.parse(body.toString('utf8')).tags ?? [];
    tag = latestInRange(tags, options.ref.semver);
    if (!tag) {
      throw new Error(`no match found for semver: ${options.ref.semver}`);
    }
  }
  const reference = options.ref.digest ?? tag ?? 'latest';
  const manifest = await get(`${base}/manifests/${reference}`, MANIFEST_TYPES);
  const parsed = JSON.parse(manifest.body.toString('utf8'));
  const layers: JsonMap[] = parsed.layers ?? [];
  const layer = options.layerMediaType
    ? layers.find(l => l.mediaType === options.layerMediaType)
    : layers[0];
  if (!layer) {
    throw new Error(
      `failed to find layer with media type '${options.layerMediaType}' in artifact`,
    );
  }
  const blob = await get(`${base}/blobs/${layer.digest}`);
  if (sha256Digest(blob.body) !== layer.digest) {
    throw new Error(`layer ${layer.digest} does not match its digest`);
  }
  return {
    tag: options.ref.digest ? undefined : tag ?? 'latest',
    manifestDigest:
      manifest.headers.get('docker-content-digest') ??
      sha256Digest(manifest.body),
    layer: blob.body,
  };
}
