import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Sandbox } from '../../../Sandbox';

/** The keys under a prefix in a sandbox's object store, sorted, read with its credentials. */
export async function storedKeys(
  sandbox: Sandbox,
  prefix: string,
): Promise<string[]> {
  const client = new S3Client({
    endpoint: sandbox.velero!.endpoint,
    region: 'minio',
    forcePathStyle: true,
    credentials: sandbox.velero!.credentials,
  });
  try {
    const listed = await client.send(
      new ListObjectsV2Command({
        Bucket: sandbox.velero!.bucket,
        Prefix: prefix,
      }),
    );
    return (listed.Contents ?? []).map(o => o.Key!).sort();
  } finally {
    client.destroy();
  }
}
