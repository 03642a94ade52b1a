import { retryTaskPermission } from './retryTaskPermission';

describe('retryTaskPermission', () => {
  it.each([
    ['create_instance', 'styrmin.deployment.create'],
    ['update_instance', 'styrmin.deployment.update'],
    ['upgrade_instance', 'styrmin.deployment.update'],
    ['stop_components', 'styrmin.deployment.update'],
    ['start_components', 'styrmin.deployment.update'],
    ['run_job', 'styrmin.deployment.update'],
    ['delete_deployment', 'styrmin.deployment.delete'],
  ] as const)('retries %s with %s', (type, permission) => {
    expect(retryTaskPermission(type).name).toBe(permission);
  });
});
