import { CoreV1Api } from '@kubernetes/client-node';
import { Sandbox } from '@styrmin/kube-sandbox';

/** The Secret in Velero's namespace whose credentials the sandbox's store refuses. */
export const REFUSED_CREDENTIALS = { name: 'wrong-credentials', key: 'cloud' };

/**
 * Creates {@link REFUSED_CREDENTIALS}: the store's access key with another secret key, an
 * AWS credentials file as Velero's AWS plugin reads it. The sandbox's store checks
 * signatures, so it refuses them as S3 does (`SignatureDoesNotMatch`).
 */
export async function createRefusedCredentials(
  sandbox: Sandbox,
): Promise<void> {
  const { accessKeyId } = sandbox.velero!.credentials;
  await sandbox.kubeConfig.makeApiClient(CoreV1Api).createNamespacedSecret({
    namespace: 'velero',
    body: {
      metadata: { name: REFUSED_CREDENTIALS.name },
      stringData: {
        [REFUSED_CREDENTIALS.key]: `[default]\naws_access_key_id=${accessKeyId}\naws_secret_access_key=not-the-secret\n`,
      },
    },
  });
}
