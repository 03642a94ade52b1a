import { Artifact } from '../ArtifactStorage';
import { SourceFailure } from './SourceFailure';
import { sourceStatus, SourceStatusOptions } from './sourceStatus';

const artifact = (revision: string, lastUpdateTime = 'then'): Artifact => ({
  path: `helmrepository/default/stable/index-${revision}.yaml`,
  url: `http://source-controller/helmrepository/default/stable/index-${revision}.yaml`,
  revision,
  digest: `sha256:${revision}`,
  lastUpdateTime,
  size: 1,
});
const succeeded = (fetched?: Artifact) => ({
  reason: 'Succeeded',
  message: 'stored artifact',
  artifact: fetched,
});
const types = (status: Record<string, any>) =>
  status.conditions.map((c: any) => `${c.type}=${c.status}:${c.reason}`);

function statusAfter(options: Partial<SourceStatusOptions>) {
  return sourceStatus({
    previous: {},
    outcome: succeeded(artifact('a')),
    generation: 2,
    failureType: 'FetchFailed',
    requestedAt: undefined,
    previousArtifactStored: true,
    ...options,
  });
}

describe('sourceStatus', () => {
  it('records a fetched artifact with Ready and ArtifactInStorage, for the generation', () => {
    const status = statusAfter({
      previous: {
        conditions: [
          { type: 'FetchFailed', status: 'True', reason: 'Failed' },
          {
            type: 'Reconciling',
            status: 'True',
            reason: 'ProgressingWithRetry',
          },
        ],
      },
      requestedAt: 'now',
    });
    expect(types(status)).toEqual([
      'Ready=True:Succeeded',
      'ArtifactInStorage=True:Succeeded',
    ]);
    expect(status).toMatchObject({
      artifact: { revision: 'a' },
      url: artifact('a').url,
      observedGeneration: 2,
      lastHandledReconcileAt: 'now',
    });
    expect(
      status.conditions.every((c: any) => c.observedGeneration === 2),
    ).toBe(true);
  });

  it('keeps the stored artifact object when the same revision is fetched again', () => {
    const status = statusAfter({
      previous: { artifact: artifact('a', 'first') },
      outcome: succeeded(artifact('a', 'second')),
    });
    expect(status.artifact.lastUpdateTime).toBe('first');
  });

  it('drops the artifact of a fetch that has none (an OCI HelmRepository)', () => {
    const status = statusAfter({
      previous: {
        artifact: artifact('a'),
        url: artifact('a').url,
        conditions: [
          { type: 'ArtifactInStorage', status: 'True', reason: 'Succeeded' },
        ],
      },
      outcome: succeeded(undefined),
    });
    expect(types(status)).toEqual(['Ready=True:Succeeded']);
    expect(status.artifact).toBeUndefined();
    expect(status.url).toBeUndefined();
  });

  it.each([
    [
      'a transient failure is retried and keeps the stored artifact',
      new SourceFailure('Failed', 'connection refused'),
      true,
      [
        'FetchFailed=True:Failed',
        'Ready=False:Failed',
        'Reconciling=True:ProgressingWithRetry',
        'ArtifactInStorage=True:Succeeded',
      ],
      'a',
    ],
    [
      'a failure that needs a spec change stalls',
      new SourceFailure('URLInvalid', 'unsupported scheme'),
      true,
      [
        'FetchFailed=True:URLInvalid',
        'Ready=False:URLInvalid',
        'Stalled=True:URLInvalid',
        'ArtifactInStorage=True:Succeeded',
      ],
      'a',
    ],
    [
      'a failure drops an artifact that is no longer stored',
      new SourceFailure('Failed', 'connection refused'),
      false,
      [
        'FetchFailed=True:Failed',
        'Ready=False:Failed',
        'Reconciling=True:ProgressingWithRetry',
      ],
      undefined,
    ],
  ])('%s', (_, outcome, previousArtifactStored, conditions, revision) => {
    const status = statusAfter({
      previous: {
        artifact: artifact('a'),
        conditions: [
          { type: 'ArtifactInStorage', status: 'True', reason: 'Succeeded' },
          { type: 'Stalled', status: 'True', reason: 'URLInvalid' },
        ],
      },
      outcome,
      previousArtifactStored,
    });
    expect([...types(status)].sort()).toEqual([...conditions].sort());
    expect(status.artifact?.revision).toBe(revision);
  });

  it('reports a chart that cannot be built as BuildFailed', () => {
    const status = statusAfter({
      outcome: new SourceFailure('ChartPullError', 'chart pull error: 500'),
      failureType: 'BuildFailed',
    });
    expect(types(status)).toContain('BuildFailed=True:ChartPullError');
    expect(status.conditions.map((c: any) => c.message)).toContain(
      'retrying: chart pull error: 500',
    );
  });
});
