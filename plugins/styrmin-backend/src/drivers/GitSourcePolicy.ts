import { RootConfigService } from '@backstage/backend-plugin-api';
import { readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds } from '@backstage/types';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { ReadDriverFromGitOptions } from '@styrmin/plugin-styrmin-node';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { readByteSize } from './readByteSize';

/** The config key under which the git source's settings live. */
export const GIT_CONFIG_KEY = 'styrmin.drivers.git';

/** Resolves a host name to its addresses, as git's own resolver would. */
export type HostResolver = (host: string) => Promise<string[]>;

/**
 * Options of {@link GitSourcePolicy.create}; what `styrmin.drivers.git` configures.
 *
 * @internal
 */
export type GitSourcePolicyOptions = {
  /** How long all git commands of one load may take together. Default 2 minutes. */
  timeoutMs?: number;
  /** The most the fetched repository, and separately the driver directory, may take. Default 256 MiB. */
  maxRepositoryBytes?: number;
  /** The largest file a driver may hold. Default 1 MiB. */
  maxFileBytes?: number;
  /** Host patterns: `github.com`, `*.example.com` (any subdomain), `*` (any host). None by default. */
  allowedHosts?: string[];
  /** Whether `file://` URLs and absolute paths may be loaded at all. Default false. */
  allowFileUrls?: boolean;
  /** Whether hosts on loopback, link-local and private addresses may be read. Default false. */
  allowPrivateAddresses?: boolean;
  /** Replaces the system resolver, in tests. */
  resolve?: HostResolver;
};

const DEFAULTS = {
  timeoutMs: 2 * 60 * 1000,
  maxRepositoryBytes: 256 * 1024 * 1024,
  maxFileBytes: 1024 * 1024,
};

/**
 * Addresses that are not the public internet: what an admin-only SSRF guard keeps git away
 * from (a cloud's metadata service on 169.254.169.254, the backend's own ports, the
 * internal network).
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, and IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether an address is not on the public internet. BlockList checks an IPv4 address
 * mapped into IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) against the IPv4 subnets.
 */
export function isNonPublicAddress(address: string): boolean {
  return NON_PUBLIC.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

async function systemResolve(host: string): Promise<string[]> {
  const addresses = await lookup(host, { all: true, verbatim: true });
  return addresses.map(a => a.address);
}

/** A host pattern, normalized as hosts are: lower case, no trailing dot, no brackets. */
function normalizePattern(pattern: string): string {
  return pattern
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

function matches(pattern: string, host: string): boolean {
  if (pattern === '*') {
    return true;
  }
  if (pattern.startsWith('*.')) {
    return host.endsWith(pattern.slice(1));
  }
  return pattern === host;
}

/**
 * Where and how the server reads drivers from git (`styrmin.drivers.git`): the limits of a
 * load, the hosts it may connect to, whether repositories on its own disk may be read at
 * all, and an SSRF guard. Loading is for administrators only, but a git URL still makes
 * the server connect where it says; so hosts are refused unless listed (none by default),
 * and a listed host that resolves to a loopback, link-local or private address is refused
 * too unless `allowPrivateAddresses` says otherwise. Both happen before git runs.
 *
 * @internal
 */
export class GitSourcePolicy {
  readonly #options: Required<Omit<GitSourcePolicyOptions, 'allowedHosts'>>;
  readonly #allowedHosts: string[];

  static fromConfig(config: RootConfigService): GitSourcePolicy {
    const git = config.getOptionalConfig(GIT_CONFIG_KEY);
    return GitSourcePolicy.create({
      timeoutMs: git?.has('timeout')
        ? durationToMilliseconds(
            readDurationFromConfig(git, { key: 'timeout' }),
          )
        : undefined,
      maxRepositoryBytes: readByteSize(
        config,
        `${GIT_CONFIG_KEY}.maxRepositorySize`,
      ),
      maxFileBytes: readByteSize(config, `${GIT_CONFIG_KEY}.maxFileSize`),
      allowedHosts: git?.getOptionalStringArray('allowedHosts'),
      allowFileUrls: git?.getOptionalBoolean('allowFileUrls'),
      allowPrivateAddresses: git?.getOptionalBoolean('allowPrivateAddresses'),
    });
  }

  static create(options: GitSourcePolicyOptions = {}): GitSourcePolicy {
    return new GitSourcePolicy(options);
  }

  private constructor(options: GitSourcePolicyOptions) {
    this.#options = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRepositoryBytes:
        options.maxRepositoryBytes ?? DEFAULTS.maxRepositoryBytes,
      maxFileBytes: options.maxFileBytes ?? DEFAULTS.maxFileBytes,
      allowFileUrls: options.allowFileUrls ?? false,
      allowPrivateAddresses: options.allowPrivateAddresses ?? false,
      resolve: options.resolve ?? systemResolve,
    };
    this.#allowedHosts = (options.allowedHosts ?? []).map(normalizePattern);
  }

  /** The limits of one load, as {@link readDriverFromGit} takes them. */
  get limits(): Pick<
    ReadDriverFromGitOptions,
    'timeoutMs' | 'maxRepositoryBytes' | 'limits'
  > {
    const { timeoutMs, maxRepositoryBytes, maxFileBytes } = this.#options;
    return { timeoutMs, maxRepositoryBytes, limits: { maxFileBytes } };
  }

  /** Throws `FORBIDDEN` unless repositories on the server's own disk may be read. */
  checkLocalRepository(): void {
    if (!this.#options.allowFileUrls) {
      throw new StyrminError(
        'FORBIDDEN',
        `This server loads no driver from a git repository on its own disk (file:// URLs and paths): ` +
          `${GIT_CONFIG_KEY}.allowFileUrls is not true`,
        { field: 'url' },
      );
    }
  }

  /**
   * Throws `FORBIDDEN` for a host that no pattern of `allowedHosts` matches, or that
   * resolves to an address that is not public (unless those are allowed), and
   * `VALIDATION_FAILED` for a host that does not resolve. `host` is as checkGitUrl gives it.
   */
  async checkRemoteHost(host: string): Promise<void> {
    if (!this.#allowedHosts.some(pattern => matches(pattern, host))) {
      throw new StyrminError(
        'FORBIDDEN',
        `This server loads no driver from ${host}: it is not in ${GIT_CONFIG_KEY}.allowedHosts (${
          this.#allowedHosts.join(', ') || 'none'
        })`,
        { field: 'url' },
      );
    }
    if (this.#options.allowPrivateAddresses) {
      return;
    }
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await this.#options.resolve(host);
    } catch (error) {
      throw new StyrminError(
        'VALIDATION_FAILED',
        `Could not resolve the git host ${host}: ${(error as Error).message}`,
        { field: 'url' },
      );
    }
    const inside = addresses.find(isNonPublicAddress);
    if (inside !== undefined) {
      throw new StyrminError(
        'FORBIDDEN',
        `This server loads no driver from ${host}: it resolves to ${inside}, which is not a public address ` +
          `(${GIT_CONFIG_KEY}.allowPrivateAddresses is not true)`,
        { field: 'url' },
      );
    }
  }
}
