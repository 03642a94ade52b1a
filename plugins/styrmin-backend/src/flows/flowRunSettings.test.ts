import { ConfigReader } from '@backstage/config';
import { readFlowRunSettings } from './flowRunSettings';

const settings = (flows?: object) =>
  readFlowRunSettings(new ConfigReader(flows ? { styrmin: { flows } } : {}));

describe('readFlowRunSettings', () => {
  it('defaults to a 30 s lease and a sweep every 15 s', () => {
    expect(settings()).toEqual({
      leaseSeconds: 30,
      sweepInterval: { seconds: 15 },
    });
  });

  it.each([
    [{ leaseDuration: { minutes: 2 } }, 120, 15_000],
    [{ leaseDuration: 'PT45S', sweepInterval: '5s' }, 45, 5_000],
    [{ sweepInterval: { milliseconds: 1500 } }, 30, 1_500],
  ])('reads Backstage durations: %j', (flows, leaseSeconds, sweepMs) => {
    const read = settings(flows);
    expect(read.leaseSeconds).toBe(leaseSeconds);
    expect(read.sweepInterval).toEqual(
      'seconds' in read.sweepInterval
        ? { seconds: sweepMs / 1000 }
        : { milliseconds: sweepMs },
    );
  });

  it.each([
    [{ leaseDuration: '2s' }, 'leaseDuration must be at least 3 seconds'],
    [{ sweepInterval: { seconds: 0 } }, 'sweepInterval must be positive'],
    [{ leaseDuration: 'soon' }, 'leaseDuration'],
  ])('refuses %j', (flows, message) => {
    expect(() => settings(flows)).toThrow(message);
  });
});
