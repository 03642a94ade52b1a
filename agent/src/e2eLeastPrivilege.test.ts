import {
  forbidden,
  objectsPolicySource,
  RbacAuthorizer,
  serviceAccountUser,
} from '@styrmin/kube-sandbox';
import path from 'node:path';
import {
  AGENT_RELEASE,
  agentDenials,
  renderAgentRbac,
} from './__testUtils__/agentCredentials';
import { backupEnded, setUpBackupLocation } from './__testUtils__/e2eBackups';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';
import { OPERATOR_NAMESPACE } from './__testUtils__/operatorSandbox';

jest.setTimeout(600_000);

/**
 * For each rule of the chart (its Role or ClusterRole, namespace/name, resources): the flow
 * that gets a 403 without it. Two rules are kept for what these flows do not do.
 */
const FLOW_WITHOUT_RULE: Record<string, string> = {
  'Role styrmin-system/styrmin-agent styrmindeployments': 'create',
  'Role styrmin-system/styrmin-agent styrmindeployments/status': 'create',
  // The apiserver asks for it only with the OwnerReferencesPermissionEnforcement admission
  // plugin (OpenShift enables it; kube-sandbox has no admission): the operator's objects
  // name their StyrminDeployment as owner with blockOwnerDeletion.
  'Role styrmin-system/styrmin-agent styrmindeployments/finalizers': 'none',
  'Role styrmin-system/styrmin-agent helmreleases': 'create',
  'Role styrmin-system/styrmin-agent helmrepositories,ocirepositories,gitrepositories':
    'create',
  'Role styrmin-system/styrmin-agent secrets': 'create',
  'ClusterRole /styrmin-agent namespaces,services': 'create',
  'ClusterRole /styrmin-agent ingresses': 'create',
  'ClusterRole /styrmin-agent pods': 'create',
  // infrahub's install hooks run Jobs, whose output the agent reads.
  'ClusterRole /styrmin-agent pods/log': 'create',
  'ClusterRole /styrmin-agent deployments,statefulsets': 'create',
  'ClusterRole /styrmin-agent jobs': 'create',
  'ClusterRole /styrmin-agent persistentvolumeclaims': 'restore in place',
  'ClusterRole /styrmin-agent configmaps': 'create',
  'ClusterRole /styrmin-agent events': 'create',
  // The env Secret of an instance whose component env override is given as { secret }
  // (operator/desired/secretEnv.ts), which styrminctl's --env cannot give.
  'ClusterRole /styrmin-agent secrets': 'none',
  'Role velero/styrmin-agent backupstoragelocations': 'create',
  'Role velero/styrmin-agent backups,restores': 'back up',
  'Role velero/styrmin-agent deletebackuprequests': 'delete the backup',
  'Role velero/styrmin-agent podvolumebackups': 'back up',
};

/*
 * The agent's chart is least privilege. The agent runs end to end under its chart's RBAC
 * (a real backend, kube-sandbox with Flux, Velero and its ingress controller): a create, an
 * upgrade, a job, a backup, an in-place restore, the backup's deletion and the deployment's.
 * It gets no 403. Then every request it was allowed is asked again of the chart's policy
 * with one rule removed, by the sandbox's own authorizer: for each rule, some request of a
 * named flow would be refused (its 403 named), so no rule is there for nothing.
 */
describe("the agent chart's RBAC", () => {
  const world = useE2eWorld({ velero: true });
  const agent = serviceAccountUser(OPERATOR_NAMESPACE, AGENT_RELEASE);
  /** Where each flow's requests start in the sandbox's log of decisions. */
  const flows: { name: string; from: number }[] = [];

  /** Runs a flow, noting which of the agent's requests it was the first to make. */
  async function flow(name: string, run: () => Promise<unknown>) {
    flows.push({ name, from: world.sandbox.authorizations.records.length });
    await run();
  }

  const state = async (id: string, states: string[], what: string) =>
    world.eventually(async () => {
      const deployment = await world.client.deployment({ id });
      return deployment && states.includes(deployment.state) && deployment;
    }, what);

  it('lets the agent create, upgrade, run a job, back up, restore and delete without a 403', async () => {
    const { json, client } = world;
    let id = '';
    await flow('create', async () => {
      // With ingress settings, so that the exposed http service gets its Ingress.
      await setUpBackupLocation(world, [
        '--set',
        'ingress_class=sandbox',
        '--set',
        'base_domain=apps.example.test',
      ]);
      id = await world.createInfrahub('dev');
      expect(
        await state(id, ['RUNNING', 'FAILED'], 'the create'),
      ).toMatchObject({
        state: 'RUNNING',
      });
    });
    await flow('upgrade', async () => {
      await json([
        'drivers',
        'load',
        path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'),
      ]);
      await json([
        'deployments',
        'upgrade',
        'dev/infrahub',
        '--driver-version',
        '1.1.0',
      ]);
      const upgraded = await world.eventually(async () => {
        const d = await client.deployment({ id });
        return (
          d?.activeInstance?.driverVersion.version === '1.1.0' &&
          ['RUNNING', 'FAILED'].includes(d.state) &&
          d
        );
      }, 'the upgrade');
      expect(upgraded.state).toBe('RUNNING');
    });
    await flow('run a job', async () => {
      const ran = await world.styrminctl([
        'deployments',
        'run-job',
        'dev/infrahub',
        '--component',
        'server',
        '--timeout',
        '120',
        '--wait',
        '-o',
        'json',
        '--',
        'infrahub',
        'check',
      ]);
      expect(ran.exitCode).toBe(0);
      expect(JSON.parse(ran.stdout).task).toMatchObject({
        result: 'SUCCEEDED',
      });
    });
    let backupId = '';
    await flow('back up', async () => {
      backupId = (await client.backups.create({ deployment: id })).id;
      expect(await backupEnded(world, backupId)).toMatchObject({
        phase: 'Completed',
      });
    });
    await flow('restore in place', async () => {
      const restore = await client.backups.restore(backupId);
      await state(id, ['RUNNING', 'FAILED'], 'the restore');
      expect(await client.backups.getRestore(restore.id)).toMatchObject({
        phase: 'Completed',
      });
    });
    await flow('delete the backup', async () => {
      await client.backups.delete(backupId);
      await world.eventually(async () => {
        const backup = await client.backups.get(backupId);
        return (!backup || backup.deletion?.status === 'SUCCEEDED') && true;
      }, 'the deletion to succeed');
    });
    await flow('delete the deployment', async () => {
      await json(['deployments', 'delete', 'dev/infrahub']);
      expect(
        await state(id, ['DELETED', 'FAILED'], 'the tombstone'),
      ).toMatchObject({
        state: 'DELETED',
      });
    });

    expect(agentDenials(world.sandbox)).toEqual({ count: 0, messages: [] });
  });

  it('needs every rule of the chart: without any one, a named flow gets a 403', async () => {
    const objects = await renderAgentRbac();
    const requests = world.sandbox.authorizations.records
      .map((record, index) => ({ ...record, index }))
      .filter(r => r.user === agent && r.allowed);
    const user = {
      name: agent,
      groups: [
        'system:serviceaccounts',
        `system:serviceaccounts:${OPERATOR_NAMESPACE}`,
        'system:authenticated',
      ],
    };
    const flowsWithout: Record<string, string> = {};
    for (const role of objects.filter(o => o.rules)) {
      role.rules.forEach((rule: { resources?: string[] }, at: number) => {
        const without = objects.map(o =>
          o === role
            ? {
                ...o,
                rules: o.rules.filter((_: unknown, i: number) => i !== at),
              }
            : o,
        );
        const authorizer = RbacAuthorizer.create({
          policy: objectsPolicySource(without),
        });
        const refused = requests.find(
          r => !authorizer.authorize(user, r.request).allowed,
        );
        const named = `${role.kind} ${role.metadata.namespace ?? ''}/${
          role.metadata.name
        } ${rule.resources!.join(',')}`;
        if (!refused) {
          flowsWithout[named] = 'none';
          return;
        }
        flowsWithout[named] = flows
          .filter(f => f.from <= refused.index)
          .pop()!.name;
        // The 403 the agent would get, as the sandbox words it.
        expect(forbidden(user, refused.request, '').message).toMatch(
          /is forbidden: User "system:serviceaccount:styrmin-system:styrmin-agent" cannot \w+ (resource|path) /,
        );
      });
    }
    expect(flowsWithout).toEqual(FLOW_WITHOUT_RULE);
  });
});
