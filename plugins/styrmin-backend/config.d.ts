import { HumanDuration } from '@backstage/types';

export interface Config {
  styrmin?: {
    /** The utilities Styrmin deploys on every cluster (docs/utilities.md). */
    utilities?: {
      /**
       * The directory of the utilities Styrmin ships (utilities.json and a driver
       * directory per utility), read when the backend starts; relative paths are relative
       * to the backend's working directory. Absent: no utilities, and registered clusters
       * get no system environment.
       */
      directory?: string;
    };
    drivers?: {
      /**
       * Directories on the backend's machine from which application drivers may be loaded:
       * a driver directory (loadDriver with source DIRECTORY) or a local git repository
       * (a file:// URL or a path) must lie inside one of them, symbolic links resolved.
       * Relative paths are relative to the backend's working directory. None by default:
       * the server then reads no driver from its own disk, and drivers come from git or
       * from files a client sends (styrminctl drivers load <dir>).
       */
      allowedDirectories?: string[];
      /** Loading drivers from git repositories (loadDriver with source GIT). */
      git?: {
        /**
         * How long all git commands of one load may take together; then git is stopped with
         * everything it started. A Backstage duration: `2m`, `PT2M`, `{ minutes: 2 }`.
         * Default 2 minutes.
         */
        timeout?: string | HumanDuration;
        /**
         * The most that the fetched repository, and separately the checked-out driver
         * directory, may take on disk: a number of bytes or a size such as `256 MiB`.
         * Default 256 MiB.
         */
        maxRepositorySize?: number | string;
        /**
         * The largest file a driver loaded from git may hold: a number of bytes or a size
         * such as `1 MiB`. Default 1 MiB.
         */
        maxFileSize?: number | string;
        /**
         * The hosts the server may fetch drivers from: `github.com`, `*.example.com` (any
         * subdomain, not the domain itself), `*` (any host). Compared in lower case, without
         * a trailing dot; an IPv6 address without brackets. None by default: loading from a
         * remote repository is refused with FORBIDDEN until its host is listed.
         */
        allowedHosts?: string[];
        /**
         * Whether `file://` URLs and absolute paths may be loaded, from inside
         * styrmin.drivers.allowedDirectories. Default false.
         */
        allowFileUrls?: boolean;
        /**
         * Whether an allowed host may resolve to a loopback, link-local or private address
         * (127.0.0.0/8, 10.0.0.0/8, 169.254.0.0/16, fc00::/7, ...). Default false, so that
         * a git URL cannot make the server reach its own ports, its cloud's metadata service
         * or the internal network; set it for a git server on the internal network.
         */
        allowPrivateAddresses?: boolean;
      };
    };
    flows?: {
      /**
       * How long a flow run's lease lasts after a claim or a heartbeat (agents and the
       * server pool's worker heartbeat every third of it); a run whose worker died is
       * claimed again once it ran out. At least 3 seconds; default 30 seconds.
       */
      leaseDuration?: HumanDuration | string;
      /**
       * How often the lease-expiry sweep runs (on one replica at a time): a run whose
       * worker died waits up to its lease plus this long. Default 15 seconds.
       */
      sweepInterval?: HumanDuration | string;
    };
    secrets?: {
      /**
       * The keys that seal secret values in the database (AES-256-GCM): newest first. The
       * first seals every value written; each of them opens what it sealed, so that a
       * rotation adds a key at the top and removes the old one once the backend, which
       * reseals every value under the newest key at its start, has run with both
       * (docs/secrets-at-rest.md). Required: the backend does not start without one,
       * but in jest. The embedded default (scripts/start) makes one under `.data/`.
       */
      keys?: Array<{
        /** Named in every value it sealed: 1 to 64 letters, digits, `-` or `_`. */
        id: string;
        /**
         * 32 random bytes as base64 (`openssl rand -base64 32`).
         * @visibility secret
         */
        secret: string;
      }>;
    };
    roles?: {
      /**
       * The Styrmin roles of service principals by subject: the subjects of static
       * external-access tokens (backend.auth.externalAccess), such as styrminctl's. A
       * listed subject may do what its token allows and its role allows; an unlisted one
       * what its token allows (Backstage never shows service principals to the role
       * policy). The users' roles are the other keys of styrmin.roles, which the role
       * policy module reads.
       */
      services?: {
        [subject: string]: 'administrator' | 'operator' | 'readOnly' | 'none';
      };
    };
  };
}
