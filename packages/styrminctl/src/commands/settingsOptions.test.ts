import { Command } from 'commander';
import { settingsOptions } from './settingsOptions';

describe('settingsOptions', () => {
  it.each([
    ['override', 'set an override (text)', 'remove an override'],
    ['setting', 'set a setting (text)', 'remove a setting'],
  ])('says what --set and --unset change: %s', (what, set, unset) => {
    const help = settingsOptions(new Command('update'), what).helpInformation();
    expect(help).toContain(set);
    expect(help).toContain(unset);
  });
});
