import { CoreV1Api } from '@kubernetes/client-node';
import { startSandbox } from '@styrmin/kube-sandbox';
import { createOperatorInformers } from './OperatorInformers';
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
