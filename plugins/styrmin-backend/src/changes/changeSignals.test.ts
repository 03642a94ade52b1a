import { createServiceFactory } from '@backstage/backend-plugin-api';
import {
  SignalPayload,
  SignalsService,
  signalsServiceRef,
} from '@backstage/plugin-signals-node';
import { AgentPodStatus } from '@styrmin/plugin-styrmin-common';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { runScripted } from '../__testUtils__/scriptedAgent';
import { waitFor } from '../__testUtils__/waitFor';

jest.setTimeout(120_000);

/** The signals service of the test backend: it keeps what the plugin publishes. */
class RecordingSignals implements SignalsService {
  readonly published: SignalPayload[] = [];

  async publish(signal: SignalPayload): Promise<void> {
    this.published.push(signal);
  }

  /** How many signals went out on `channel`. */
  count(channel: string): number {
    return this.published.filter(s => s.channel === channel).length;
  }

  /** Until `channel` has had `count` signals: they go out after the commit, not before the answer. */
  until(channel: string, count: number): Promise<true> {
    return waitFor(() => this.count(channel) >= count, {
      description: `${count} signals on ${channel}`,
    });
  }
}

const POD: AgentPodStatus = {
  name: 'infrahub-server-0',
  phase: 'Running',
  ready: true,
  restarts: 0,
};

describe('change signals of the plugin', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const signals = new RecordingSignals();
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      backend = await startAgentProtocolBackend({
        knex: await databases.init(databaseId),
        load: ['infrahub/1.0.0'],
        features: [
          createServiceFactory({
            service: signalsServiceRef,
            deps: {},
            factory: () => signals,
          }),
        ],
      });
    });

    /** A cluster, an environment and an infrahub deployment in it, with their channels. */
    async function deploy(suffix: string) {
      const { cluster, environment, agent, createInfrahub } =
        await backend.newCluster(suffix);
      const change = await createInfrahub();
      return {
        deployment: change.deployment,
        cluster,
        environment,
        agent,
        channels: {
          deployment: `styrmin:deployment:${change.deployment.id}`,
          environment: `styrmin:environment:${environment.id}`,
          cluster: `styrmin:cluster:${cluster.id}`,
        },
      };
    }

    it('announces a new deployment on its channel and its environment, to every signed-in user, naming only the record', async () => {
      const { deployment, environment, channels } = await deploy('new');

      await signals.until(channels.environment, 1);
      await signals.until(channels.deployment, 1);
      expect(
        signals.published.filter(
          s =>
            s.channel === channels.deployment ||
            s.channel === channels.environment,
        ),
      ).toEqual([
        {
          recipients: { type: 'broadcast' },
          channel: channels.deployment,
          message: { record: 'deployment', id: deployment.id },
        },
        {
          recipients: { type: 'broadcast' },
          channel: channels.environment,
          message: { record: 'environment', id: environment.id },
        },
      ]);
    });

    it('announces a refused change not at all', async () => {
      const { deployment, channels } = await deploy('refused');
      await signals.until(channels.deployment, 1);

      await expect(
        backend.styrmin.editDeployment({
          id: deployment.id,
          expectedVersion: deployment.version + 1,
          configuration: { app_version: '1.5.3' },
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      // A change accepted after the refused one; its signal comes after any of the other's.
      await backend.styrmin.editDeployment({
        id: deployment.id,
        configuration: { app_version: '1.5.3' },
      });

      await signals.until(channels.deployment, 2);
      expect(signals.count(channels.deployment)).toBe(2);
    });

    it("announces the agent's calls, the claim, each step, the run's end and a changed status", async () => {
      const { deployment, agent, channels } = await deploy('agent');
      await signals.until(channels.deployment, 1);

      await agent.info();
      // The agent's first call records that it was seen.
      await signals.until(channels.cluster, 1);

      const run = (await agent.claim({ owner: 'agent-a' }))!;
      await signals.until(channels.deployment, 2);
      await expect(runScripted(agent, run, 'agent-a')).resolves.toBe(
        'SUCCEEDED',
      );
      // A start and an end per step, then the run's end.
      const afterRun = 2 + run.task.steps.length * 2 + 1;
      await signals.until(channels.deployment, afterRun);

      const report = () =>
        agent.reportDeploymentStatus({
          deploymentId: deployment.id,
          observedAt: new Date().toISOString(),
          status: { conditions: [{ type: 'Ready', status: 'True' }] },
          pods: [POD],
        });
      await expect(report()).resolves.toEqual({ changed: true });
      await signals.until(channels.deployment, afterRun + 1);
      // The same snapshot again changes nothing, and says nothing: a cluster change after
      // it is announced, and the deployment's count stays.
      await expect(report()).resolves.toEqual({ changed: false });
      expect(signals.count(channels.deployment)).toBe(afterRun + 1);
    });

    it("announces a cluster's settings on its channel", async () => {
      const { cluster, channels } = await deploy('settings');
      const before = signals.count(channels.cluster);

      await backend.styrmin.updateCluster({
        id: cluster.id,
        settings: { base_domain: 'settings.example.com' },
      });

      await signals.until(channels.cluster, before + 1);
      expect(
        signals.published.filter(s => s.channel === channels.cluster).at(-1),
      ).toEqual({
        recipients: { type: 'broadcast' },
        channel: channels.cluster,
        message: { record: 'cluster', id: cluster.id },
      });
    });
  });
});
