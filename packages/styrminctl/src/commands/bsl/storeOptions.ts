import { Command, InvalidArgumentError } from 'commander';

/** What {@link storeOptions} parses. */
export interface StoreOptions {
  bucket?: string;
  prefix?: string;
  region?: string;
  endpointUrl?: string;
  pathStyle?: boolean;
  credentialsSecret?: { name: string; key: string };
}

/**
 * `--credentials-secret name/key`: the Kubernetes Secret, in Velero's namespace of each
 * cluster, and the key in it that holds the store's credentials. Never the credentials:
 * the administrator creates the Secret, Styrmin names it.
 */
export function parseCredentialsSecret(value: string): {
  name: string;
  key: string;
} {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(value);
  if (!match) {
    throw new InvalidArgumentError(
      'Give the Secret and its key as <secret-name>/<key>, such as velero-credentials/cloud',
    );
  }
  return { name: match[1], key: match[2] };
}

/** The options that say where a backup storage location stores. */
export function storeOptions(command: Command): Command {
  return command
    .option('--bucket <bucket>', 'the bucket')
    .option('--prefix <prefix>', 'the folder inside the bucket')
    .option('--region <region>', 'the region of the store')
    .option(
      '--endpoint-url <url>',
      'the store’s URL, for a store other than AWS S3 (http://minio:9000)',
    )
    .option(
      '--path-style',
      'path-style addressing, which most stores other than AWS S3 need',
    )
    .option('--no-path-style', 'virtual-hosted-style addressing (AWS S3)')
    .option(
      '--credentials-secret <name/key>',
      'the Secret in Velero’s namespace and its key that hold the credentials (never the credentials themselves)',
      parseCredentialsSecret,
    );
}

/** The store fields the options set; those not given are left out. */
export function storeFields(options: StoreOptions) {
  const fields = {
    bucket: options.bucket,
    prefix: options.prefix,
    region: options.region,
    endpointUrl: options.endpointUrl,
    pathStyle: options.pathStyle,
    credentialsSecret: options.credentialsSecret,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<typeof fields>;
}
