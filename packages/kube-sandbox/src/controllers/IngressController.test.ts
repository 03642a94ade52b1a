import { Sandbox, startSandbox } from '../Sandbox';
import { waitFor } from '../testing/waitFor';

jest.setTimeout(20_000);

describe('the ingress controller stand-in', () => {
  let sandbox: Sandbox;
  const ingresses = () =>
    sandbox.api.scope('networking.k8s.io/v1', 'Ingress', 'default');
  const ingress = (name: string, ingressClassName?: string) => ({
    metadata: { name },
    spec: {
      ...(ingressClassName ? { ingressClassName } : {}),
      rules: [
        {
          host: `${name}.apps.example.com`,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name, port: { number: 80 } } },
              },
            ],
          },
        },
      ],
    },
  });
  const statusOf = (name: string) =>
    sandbox.api.store.get('networking.k8s.io/ingresses', 'default', name)
      ?.status;

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: false,
      flux: false,
      velero: false,
      ingress: { className: 'edge', address: '10.0.0.7' },
    });
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('admits an Ingress of its class: its status says the load balancer', async () => {
    sandbox.api.create(ingresses(), ingress('web', 'edge'));
    await waitFor(() => statusOf('web')?.loadBalancer?.ingress !== undefined);
    expect(statusOf('web')).toEqual({
      loadBalancer: { ingress: [{ ip: '10.0.0.7' }] },
    });
    const { stdout } = await sandbox.kubectl([
      'get',
      'ingress',
      'web',
      '-o',
      'jsonpath={.status.loadBalancer.ingress[0].ip}',
    ]);
    expect(stdout).toBe('10.0.0.7');
  });

  it('leaves Ingresses of another class, or of none, alone', async () => {
    sandbox.api.create(ingresses(), ingress('other', 'nginx'));
    sandbox.api.create(ingresses(), ingress('classless'));
    // An Ingress of its class created after them is admitted: the two were looked at before.
    sandbox.api.create(ingresses(), ingress('later', 'edge'));
    await waitFor(() => statusOf('later')?.loadBalancer?.ingress !== undefined);
    expect(statusOf('other')?.loadBalancer?.ingress).toBeUndefined();
    expect(statusOf('classless')?.loadBalancer?.ingress).toBeUndefined();
  });

  it('admits an Ingress moved to its class', async () => {
    const moved = sandbox.api.get(ingresses(), 'other');
    sandbox.api.update(ingresses(), 'other', {
      ...moved,
      spec: { ...moved.spec, ingressClassName: 'edge' },
    });
    await waitFor(() => statusOf('other')?.loadBalancer?.ingress !== undefined);
  });
});
