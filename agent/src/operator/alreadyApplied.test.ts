import { KubernetesObject } from '@kubernetes/client-node';
import {
  alreadyApplied,
  APPLIED_DIGEST_ANNOTATION,
  withAppliedDigest,
} from './alreadyApplied';

/** An object of any kind, its fields loosely typed. */
type AnyObject = KubernetesObject & Record<string, any>;

describe('alreadyApplied', () => {
  const desired: AnyObject = withAppliedDigest<AnyObject>({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'http',
      namespace: 'styrmin-d1',
      labels: { 'app.kubernetes.io/managed-by': 'styrmin' },
    },
    spec: {
      selector: { app: 'infrahub' },
      ports: [{ name: 'http', port: 80, targetPort: 'http' }],
    },
  });
  /** As the server stores it: its own fields and defaults added. */
  const stored: AnyObject = {
    ...desired,
    metadata: {
      ...desired.metadata,
      uid: 'u1',
      resourceVersion: '7',
      managedFields: [{ manager: 'styrmin-operator', operation: 'Apply' }],
    },
    spec: {
      ...desired.spec,
      type: 'ClusterIP',
      clusterIP: '10.0.0.7',
      ports: [{ ...desired.spec.ports[0], protocol: 'TCP' }],
    },
    status: { loadBalancer: {} },
  };

  const applied = (cached: AnyObject) => alreadyApplied(desired, cached);

  it('is true when the cached copy has every field the operator states, whatever the server added', () => {
    expect(alreadyApplied(desired, stored)).toBe(true);
  });

  it('is false for an object not cached: deleted, or never made', () => {
    expect(alreadyApplied(desired, undefined)).toBe(false);
  });

  it('is false when a stated field was changed by hand, at any depth', () => {
    expect(
      applied({
        ...stored,
        spec: { ...stored.spec, selector: { app: 'other' } },
      }),
    ).toBe(false);
    expect(
      applied({
        ...stored,
        spec: {
          ...stored.spec,
          ports: [{ ...stored.spec.ports[0], port: 8080 }],
        },
      }),
    ).toBe(false);
    expect(
      applied({
        ...stored,
        metadata: { ...stored.metadata, labels: {} },
      }),
    ).toBe(false);
  });

  it('is false when a list has another length, or a value another type', () => {
    expect(
      applied({
        ...stored,
        spec: {
          ...stored.spec,
          ports: [...stored.spec.ports, { name: 'extra', port: 81 }],
        },
      }),
    ).toBe(false);
    expect(
      applied({
        ...stored,
        spec: {
          ...stored.spec,
          ports: [{ ...stored.spec.ports[0], port: '80' }],
        },
      }),
    ).toBe(false);
    expect(
      applied({
        ...stored,
        spec: { ...stored.spec, selector: ['app'] },
      }),
    ).toBe(false);
  });

  it('is false when the operator stopped stating a field the cached copy still has (the digest differs)', () => {
    const fewer = withAppliedDigest<AnyObject>({
      ...desired,
      metadata: {
        name: 'http',
        namespace: 'styrmin-d1',
        annotations: {},
      },
    });
    // Every field of `fewer` is in `stored`, but an apply would remove the labels.
    expect(
      alreadyApplied(
        { ...fewer, metadata: { ...fewer.metadata, annotations: {} } },
        stored,
      ),
    ).toBe(true);
    expect(alreadyApplied(fewer, stored)).toBe(false);
  });

  it('gives the same object the same digest, and another object another', () => {
    const digest = (o: {
      metadata?: { annotations?: Record<string, string> };
    }) => o.metadata?.annotations?.[APPLIED_DIGEST_ANNOTATION];
    expect(digest(withAppliedDigest(desired))).toBe(digest(desired));
    expect(
      digest(
        withAppliedDigest<AnyObject>({
          ...desired,
          spec: { ...desired.spec, selector: { app: 'other' } },
        }),
      ),
    ).not.toBe(digest(desired));
  });
});
