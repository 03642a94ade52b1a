import { listSemanticsFor } from '../../resources/listSemantics';
import { ApiError } from '../ApiError';
import { strategicMergePatch } from './strategicMergePatch';

const semantics = listSemanticsFor('Deployment', true);

const deployment = {
  metadata: { name: 'd', labels: { app: 'd', old: 'x' }, finalizers: ['a'] },
  spec: {
    replicas: 1,
    template: {
      spec: {
        containers: [
          {
            name: 'app',
            image: 'app:1',
            command: ['/bin/app'],
            args: ['--a'],
            env: [
              { name: 'A', value: '1' },
              { name: 'B', value: '2' },
            ],
            ports: [{ containerPort: 80 }],
          },
          { name: 'sidecar', image: 'side:1' },
        ],
        volumes: [{ name: 'v', emptyDir: {} }],
      },
    },
  },
};

describe('strategicMergePatch', () => {
  it('merges containers and env by name, replaces command and args, removes with null', () => {
    const result = strategicMergePatch(
      deployment,
      {
        metadata: { labels: { old: null, new: 'y' } },
        spec: {
          template: {
            spec: {
              containers: [
                {
                  name: 'app',
                  image: 'app:2',
                  args: ['--b'],
                  env: [
                    { name: 'B', value: '3' },
                    { name: 'C', value: '4' },
                  ],
                },
              ],
            },
          },
        },
      },
      semantics,
    );
    expect(result.metadata.labels).toEqual({ app: 'd', new: 'y' });
    const [app, sidecar] = result.spec.template.spec.containers;
    expect(app).toEqual({
      name: 'app',
      image: 'app:2',
      command: ['/bin/app'],
      args: ['--b'],
      env: [
        { name: 'A', value: '1' },
        { name: 'B', value: '3' },
        { name: 'C', value: '4' },
      ],
      ports: [{ containerPort: 80 }],
    });
    expect(sidecar).toEqual({ name: 'sidecar', image: 'side:1' });
  });

  it('merges finalizers as a set and handles $deleteFromPrimitiveList', () => {
    expect(
      strategicMergePatch(
        deployment,
        { metadata: { finalizers: ['a', 'b'] } },
        semantics,
      ).metadata.finalizers,
    ).toEqual(['a', 'b']);
    expect(
      strategicMergePatch(
        deployment,
        { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } },
        semantics,
      ).metadata.finalizers,
    ).toEqual([]);
  });

  it('deletes list items with $patch: delete and replaces with $patch: replace', () => {
    const removed = strategicMergePatch(
      deployment,
      {
        spec: {
          template: {
            spec: { containers: [{ name: 'sidecar', $patch: 'delete' }] },
          },
        },
      },
      semantics,
    );
    expect(
      removed.spec.template.spec.containers.map((c: any) => c.name),
    ).toEqual(['app']);
    const replaced = strategicMergePatch(
      deployment,
      {
        spec: {
          template: {
            spec: {
              volumes: [{ name: 'w', emptyDir: {} }, { $patch: 'replace' }],
            },
          },
        },
      },
      semantics,
    );
    expect(replaced.spec.template.spec.volumes).toEqual([
      { name: 'w', emptyDir: {} },
    ]);
    const map = strategicMergePatch(
      deployment,
      { metadata: { labels: { only: 'this', $patch: 'replace' } } },
      semantics,
    );
    expect(map.metadata.labels).toEqual({ only: 'this' });
  });

  it('honours $setElementOrder and $retainKeys from kubectl three-way patches', () => {
    const result = strategicMergePatch(
      deployment,
      {
        spec: {
          template: {
            spec: {
              '$setElementOrder/containers': [
                { name: 'sidecar' },
                { name: 'app' },
              ],
              containers: [{ name: 'sidecar', image: 'side:2' }],
              volumes: [
                {
                  name: 'v',
                  $retainKeys: ['name', 'configMap'],
                  configMap: { name: 'c' },
                },
              ],
            },
          },
        },
      },
      semantics,
    );
    expect(
      result.spec.template.spec.containers.map(
        (c: any) => `${c.name}=${c.image}`,
      ),
    ).toEqual(['sidecar=side:2', 'app=app:1']);
    expect(result.spec.template.spec.volumes).toEqual([
      { name: 'v', configMap: { name: 'c' } },
    ]);
  });

  it('replaces lists without a merge key and never changes its input', () => {
    const input = structuredClone(deployment);
    const result = strategicMergePatch(
      input,
      {
        spec: {
          template: {
            spec: { containers: [{ name: 'app', command: ['/x'] }] },
          },
        },
      },
      semantics,
    );
    expect(result.spec.template.spec.containers[0].command).toEqual(['/x']);
    expect(input).toEqual(deployment);
  });

  it('rejects a keyed item without its key', () => {
    expect(() =>
      strategicMergePatch(
        deployment,
        { spec: { template: { spec: { containers: [{ image: 'x' }] } } } },
        semantics,
      ),
    ).toThrow(ApiError);
  });
});
