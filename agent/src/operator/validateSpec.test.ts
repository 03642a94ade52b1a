import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { exampleDeployment } from '../__testUtils__/exampleDeployment';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import { validateSpec } from './validateSpec';

type Change = (deployment: StyrminDeployment) => void;

describe('validateSpec', () => {
  it('accepts the resource the worker writes, with the defaults filled in', () => {
    const deployment = exampleDeployment();
    delete (deployment.spec as Partial<typeof deployment.spec>)
      .stoppedComponents;
    expect(validateSpec(deployment)).toMatchObject({
      instanceId: 'i1',
      stoppedComponents: [],
      components: { server: { singleton: false } },
      context: {
        parameters: { admin_password: 'correct horse battery staple' },
      },
    });
  });

  it.each<[string, Change, StyrminErrorCode, RegExp]>([
    [
      'a name that is not the deployment id',
      d => {
        d.metadata!.name = 'other';
      },
      'VALIDATION_FAILED',
      /metadata.name must be the deployment id "d1"/,
    ],
    [
      'a namespace that is not styrmin-<id>',
      d => {
        d.spec.context.deployment.namespace = 'default';
      },
      'VALIDATION_FAILED',
      /context.deployment.namespace must be "styrmin-d1", not "default"/,
    ],
    [
      'a malformed digest',
      d => {
        d.spec.driver.digest = 'md5:00';
      },
      'VALIDATION_FAILED',
      /spec.driver.digest: Must be sha256:<64 hex digits>/,
    ],
    [
      'an undeclared component',
      d => {
        d.spec.stoppedComponents = ['web'];
        d.spec.services[0].component = 'api';
      },
      'VALIDATION_FAILED',
      /stoppedComponents names an undeclared component "web"; services: "http" names an undeclared component "api"/,
    ],
    [
      'a container override on a component without a component container',
      d => {
        delete d.spec.components.server.container;
        d.spec.context.components.server = { args: [] };
      },
      'COMPONENT_CONTAINER_NOT_DECLARED',
      /Component "server" declares no component container/,
    ],
    [
      'more than 1 replica of a singleton',
      d => {
        d.spec.context.components.database = { replicas: 2 };
      },
      'SINGLETON_REPLICA_OVERRIDE',
      /Component "database" is a singleton and runs 1 replica, not 2/,
    ],
  ])('refuses %s', (_, change, code, message) => {
    const deployment = exampleDeployment();
    change(deployment);
    expect(() => validateSpec(deployment)).toThrow(
      expect.objectContaining({
        code,
        message: expect.stringMatching(message),
      }),
    );
  });
});
