import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { createTestGraphQL } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import {
  KubernetesBackend,
  startKubernetesBackend,
} from '../../__testUtils__/kubernetesBackend';
import { setupReconciliation } from '../../__testUtils__/reconciliation';
import { KubernetesPluginEvents } from '../../kubernetesEvents/KubernetesPluginEvents';

jest.setTimeout(120_000);

const DEPLOYMENT_EVENTS = /* GraphQL */ `
  query DeploymentEvents($id: ID!) {
    deployment(id: $id) {
      events {
        cluster
        type
        reason
        object
        related
        source
        message
        count
        lastSeen
      }
    }
  }
`;

/**
 * The server's reader of Events against a Kubernetes backend: its own token is the static
 * one that backend accepts (in a portal, the plugin token the auth service issues).
 */
const eventsThrough = (baseUrl: string, token: string) =>
  KubernetesPluginEvents.create({
    discovery: { getBaseUrl: async () => baseUrl },
    auth: {
      getOwnServiceCredentials: async () => mockCredentials.service('styrmin'),
      getPluginRequestToken: async () => ({ token }),
    },
  });

/** A Deployment of one pod, which the sandbox's controllers and kubelet tell of. */
const workload = (namespace: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'main', image: 'web:1.0.0' }] },
    },
  },
});

/*
 * Deployment.events as the Kubernetes tab asks for it: the Events of the deployment's
 * namespace in kube-sandbox, read through Backstage's own Kubernetes backend (configured
 * as scripts/start configures it) with the server's service credentials, newest first, and
 * nothing of another namespace.
 */
describe('Deployment.events', () => {
  const databases = createTestDatabases();
  let sandbox: Sandbox;
  let kubernetesBackend: KubernetesBackend;
  let kubernetesEvents: KubernetesPluginEvents;

  beforeAll(async () => {
    sandbox = await startSandbox({
      flux: false,
      velero: false,
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
    });
    kubernetesBackend = await startKubernetesBackend(sandbox);
    kubernetesEvents = eventsThrough(
      kubernetesBackend.baseUrl,
      kubernetesBackend.token,
    );
  });

  afterAll(async () => {
    await kubernetesBackend?.stop();
    await sandbox?.stop();
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup(
      options: Parameters<typeof createTestGraphQL>[1] = { kubernetesEvents },
    ) {
      const stores = await setupReconciliation({ databases, databaseId });
      const { deployment } = await stores.createInfrahub();
      return {
        deployment,
        ...(await createTestGraphQL(stores, options)),
      };
    }

    it("lists the Events of the deployment's namespace, newest first, and no other namespace's", async () => {
      const { deployment, execute } = await setup();
      const namespace = `styrmin-${deployment.id}`;
      await sandbox.kubectl(['create', 'namespace', namespace]);
      await sandbox.kubectl(['create', 'namespace', 'elsewhere']);
      await sandbox.kubectl(['apply', '-f', '-'], {
        input: [workload(namespace), workload('elsewhere')]
          .map(object => JSON.stringify(object))
          .join('\n'),
      });
      await sandbox.kubectl([
        'wait',
        '--for=condition=Available',
        'deployment/web',
        '-n',
        namespace,
        '--timeout=30s',
      ]);
      // What the operator records, the newest of all.
      await sandbox.kubectl(['create', '-f', '-'], {
        input: JSON.stringify({
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { name: 'styrmin-deployment.1', namespace },
          involvedObject: {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            name: 'styrmin-deployment',
            namespace,
          },
          related: {
            apiVersion: 'styrmin.io/v1alpha1',
            kind: 'StyrminDeployment',
            name: deployment.id,
            namespace: 'styrmin-system',
          },
          type: 'Warning',
          reason: 'HelmReleaseFailed',
          message: 'install failed',
          source: { component: 'styrmin-operator' },
          count: 3,
          firstTimestamp: new Date(Date.now() - 60_000).toISOString(),
          lastTimestamp: new Date(Date.now() + 60_000).toISOString(),
        }),
      });

      const result = await execute(DEPLOYMENT_EVENTS, { id: deployment.id });
      expect(result.errors).toBeUndefined();
      const events: Array<Record<string, any>> = result.data.deployment.events;
      expect(events[0]).toEqual({
        cluster: 'sandbox',
        type: 'Warning',
        reason: 'HelmReleaseFailed',
        object: 'ConfigMap/styrmin-deployment',
        related: `StyrminDeployment/${deployment.id}`,
        source: 'styrmin-operator',
        message: 'install failed',
        count: 3,
        lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const lastSeen = events.map(e => Date.parse(e.lastSeen));
      expect(lastSeen).toEqual([...lastSeen].sort((a, b) => b - a));
      const reasons = (prefix: string) =>
        events.filter(e => e.object.startsWith(prefix)).map(e => e.reason);
      expect(reasons('Deployment/web')).toContain('ScalingReplicaSet');
      expect(reasons('ReplicaSet/')).toContain('SuccessfulCreate');
      expect(reasons('Pod/')).toEqual(
        expect.arrayContaining(['Scheduled', 'Started']),
      );
      // One Deployment's worth: the same workload in "elsewhere" is not listed.
      expect(events.filter(e => e.reason === 'ScalingReplicaSet')).toHaveLength(
        1,
      );
    });

    it('lists none for a deployment whose namespace is not on the cluster', async () => {
      const { deployment, execute } = await setup();
      const result = await execute(DEPLOYMENT_EVENTS, { id: deployment.id });
      expect(result).toEqual({ data: { deployment: { events: [] } } });
    });

    it('answers a caller who may not read deployments FORBIDDEN, without their Events', async () => {
      const { deployment } = await setup();
      const { execute } = await createTestGraphQL(
        await setupReconciliation({ databases, databaseId }),
        {
          kubernetesEvents,
          permissions: mockServices.permissions({
            result: AuthorizeResult.DENY,
          }),
        },
      );
      const result = await execute(DEPLOYMENT_EVENTS, { id: deployment.id });
      expect(result.data).toEqual({ deployment: null });
      expect(result.errors?.[0].extensions.code).toBe('FORBIDDEN');
    });

    it('is UNAVAILABLE when the Kubernetes plugin does not answer, or is not configured', async () => {
      const unreachable = eventsThrough(
        'http://127.0.0.1:9/api/kubernetes',
        'unused',
      );
      for (const options of [{ kubernetesEvents: unreachable }, {}]) {
        const { deployment, execute } = await setup(options);
        const result = await execute(DEPLOYMENT_EVENTS, {
          id: deployment.id,
        });
        expect(result.data).toEqual({ deployment: null });
        expect(result.errors).toEqual([
          expect.objectContaining({
            message: expect.stringMatching(/Kubernetes plugin/),
            extensions: expect.objectContaining({ code: 'UNAVAILABLE' }),
          }),
        ]);
      }
    });
  });
});
