import { remediationFlow } from './remediationFlow';

const at = (version: string, name = 'infrahub') => ({
  driver: { name, version },
});

describe('remediationFlow', () => {
  it.each([
    ['a deletion', at('1.0.0'), undefined, 'DELETE'],
    ['a deletion before any instance', undefined, undefined, 'DELETE'],
    ['the first instance', undefined, at('1.0.0'), 'CREATE_INSTANCE'],
    ['the same driver version', at('1.0.0'), at('1.0.0'), 'UPDATE_INSTANCE'],
    ['a newer driver version', at('1.0.0'), at('1.1.0'), 'UPGRADE_INSTANCE'],
    ['an older driver version', at('1.1.0'), at('1.0.0'), 'UPGRADE_INSTANCE'],
  ])('%s: %s', (_case, active, desired, flow) => {
    expect(remediationFlow({ active, desired })).toBe(flow);
  });
});
