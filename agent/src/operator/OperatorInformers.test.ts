import { CoreV1Api } from '@kubernetes/client-node';
import { startSandbox } from '@styrmin/kube-sandbox';
import {
  createOperatorInformers,
  helmReleaseFields,
} from './OperatorInformers';
import { helmReleaseOutcome } from './outcomes';
import { MANAGED_BY, MANAGED_BY_LABEL } from '../styrminDeployment/labels';

/*
 * What an informer lists must be as writable as what it watches: a list leaves apiVersion
 * and kind out of built-in items, and an operator that starts after its objects exist (a
 * restart) deletes them from its cache during a cleanup.
 */
it('caches listed objects with their apiVersion and kind', async () => {
  const sandbox = await startSandbox({
    workloads: false,
    flux: false,
    velero: false,
  });
  try {
    await sandbox.kubeConfig.makeApiClient(CoreV1Api).createNamespace({
      body: {
        metadata: {
          name: 'styrmin-d1',
          labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
        },
      },
    });
    const informers = createOperatorInformers(
      sandbox.kubeConfig,
      'styrmin-system',
    );
    await informers.namespaces.start();
    try {
      expect(informers.namespaces.get('styrmin-d1')).toMatchObject({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'styrmin-d1' },
      });
    } finally {
      await informers.namespaces.stop();
    }
  } finally {
    await sandbox.stop();
  }
});

it('keeps of a HelmRelease its spec and what the operator reads of its status', () => {
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: {
      name: 'd1',
      namespace: 'styrmin-system',
      generation: 2,
      managedFields: [{ manager: 'helm-controller', operation: 'Update' }],
    },
    spec: { releaseName: 'infrahub', values: { replicas: 2 } },
    status: {
      observedGeneration: 2,
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'UpgradeSucceeded',
          message: 'Helm upgrade succeeded',
          observedGeneration: 2,
        },
      ],
      history: [
        { version: 2, chartName: 'infrahub', digest: 'sha256:2' },
        { version: 1, chartName: 'infrahub', digest: 'sha256:1' },
      ],
      lastAttemptedConfigDigest: 'sha256:c',
    },
  };
  const kept = helmReleaseFields(release) as typeof release;
  expect(kept.metadata.managedFields).toBeUndefined();
  expect(kept.spec).toEqual(release.spec);
  expect(kept.status).toEqual({
    observedGeneration: 2,
    conditions: release.status.conditions,
    history: [{ version: 2 }],
  });
  expect(helmReleaseOutcome(kept)).toEqual(helmReleaseOutcome(release));
});
