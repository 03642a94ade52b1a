import { KubeObject } from '../../../store/types';
import { JsonMap } from '../../../util/json';
import { DesiredDigests, NextAction, nextAction } from './nextAction';

const desired: DesiredDigests = {
  configDigest: 'sha256:config',
  chart: { version: '0.1.0', digest: 'sha256:chart' },
};

/** The status fields of a last attempt at exactly what `desired` asks for, at generation 1. */
const attempted = (action: 'install' | 'upgrade'): JsonMap => ({
  lastAttemptedReleaseAction: action,
  lastAttemptedConfigDigest: desired.configDigest,
  lastAttemptedRevision: desired.chart.version,
  lastAttemptedRevisionDigest: desired.chart.digest,
  lastAttemptedGeneration: 1,
});
const history = (...statuses: string[]) =>
  statuses.map((status, index) => ({
    status,
    version: statuses.length - index,
  }));
const ready = (status: 'True' | 'False' | 'Unknown') => ({
  type: 'Ready',
  status,
});
const stalled = { type: 'Stalled', status: 'True' };

function release(options: {
  status?: JsonMap;
  generation?: number;
  forceAt?: string;
  drift?: string;
}): KubeObject {
  return {
    metadata: {
      name: 'demo',
      namespace: 'default',
      generation: options.generation ?? 1,
      ...(options.forceAt
        ? { annotations: { 'reconcile.fluxcd.io/forceAt': options.forceAt } }
        : {}),
    },
    spec: options.drift ? { driftDetection: { mode: options.drift } } : {},
    status: options.status,
  };
}

describe('nextAction', () => {
  const cases: Array<[string, KubeObject, NextAction]> = [
    ['a release never attempted is installed', release({}), 'install'],
    [
      'new values over a deployed release are an upgrade',
      release({
        status: {
          ...attempted('install'),
          lastAttemptedConfigDigest: 'sha256:old',
          history: history('deployed'),
        },
      }),
      'upgrade',
    ],
    [
      'a new chart version over a superseded latest is an upgrade',
      release({
        status: {
          ...attempted('upgrade'),
          lastAttemptedRevision: '0.0.9',
          history: history('superseded', 'deployed'),
        },
      }),
      'upgrade',
    ],
    [
      'a new generation over a failed install is an install again',
      release({
        generation: 2,
        status: { ...attempted('install'), history: history('failed') },
      }),
      'install',
    ],
    [
      'a new forceAt makes a release even when nothing else changed',
      release({
        forceAt: 'now',
        status: { ...attempted('install'), history: history('deployed') },
      }),
      'upgrade',
    ],
    [
      'a handled forceAt does not',
      release({
        forceAt: 'now',
        status: {
          ...attempted('install'),
          lastHandledForceAt: 'now',
          history: history('deployed'),
        },
      }),
      'none',
    ],
    [
      'a pending release is waited for',
      release({
        status: {
          ...attempted('install'),
          history: history('pending-install'),
        },
      }),
      'awaitHealth',
    ],
    [
      'a failed install with retries left is installed again',
      release({
        status: {
          ...attempted('install'),
          installFailures: 1,
          conditions: [ready('False')],
          history: history('failed'),
        },
      }),
      'install',
    ],
    [
      'a failed upgrade with retries left is upgraded again',
      release({
        status: {
          ...attempted('upgrade'),
          upgradeFailures: 1,
          conditions: [ready('False')],
          history: history('failed', 'deployed'),
        },
      }),
      'upgrade',
    ],
    [
      'an install that failed before releasing, over a deployed release, is retried as an upgrade',
      release({
        status: {
          ...attempted('install'),
          installFailures: 1,
          conditions: [ready('False')],
          history: history('deployed'),
        },
      }),
      'upgrade',
    ],
    [
      'a stalled release is left alone',
      release({
        status: {
          ...attempted('install'),
          installFailures: 2,
          conditions: [ready('False'), stalled],
          history: history('failed'),
        },
      }),
      'none',
    ],
    [
      'a failure not counted against the action is not retried',
      release({
        status: {
          ...attempted('upgrade'),
          installFailures: 1,
          conditions: [ready('False')],
          history: history('failed'),
        },
      }),
      'none',
    ],
    [
      'a deployed release with drift detection enabled is checked for drift',
      release({
        drift: 'enabled',
        status: { ...attempted('install'), history: history('deployed') },
      }),
      'correctDrift',
    ],
    [
      'and with mode warn',
      release({
        drift: 'warn',
        status: { ...attempted('install'), history: history('deployed') },
      }),
      'correctDrift',
    ],
    [
      'a deployed release without drift detection needs nothing',
      release({
        status: { ...attempted('install'), history: history('deployed') },
      }),
      'none',
    ],
    [
      'a failed release with drift detection is not checked for drift',
      release({
        drift: 'enabled',
        status: {
          ...attempted('install'),
          installFailures: 1,
          conditions: [ready('False'), stalled],
          history: history('failed'),
        },
      }),
      'none',
    ],
  ];

  it.each(cases)('%s', (_, observed, expected) => {
    expect(nextAction(observed, desired)).toBe(expected);
  });
});
