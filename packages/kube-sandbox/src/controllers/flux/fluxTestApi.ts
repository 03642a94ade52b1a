import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SandboxApi } from '../../api/SandboxApi';
import { installFlux, seedCluster } from '../../clusterSetup';
import { builtinResourceTypes } from '../../resources/builtinResourceTypes';
import { ResourceRegistry } from '../../resources/ResourceRegistry';
import { ObjectStore } from '../../store/ObjectStore';
import { KubeObject } from '../../store/types';
import { CustomResourceDefinitionController } from '../CustomResourceDefinitionController';
import { ArtifactStorage } from './ArtifactStorage';

/**
 * For the tests of one Flux reconciler: the API with Flux's CRDs served and no controller
 * running, so that the test alone calls `reconcile(key)`, and an artifact storage in a
 * temporary folder.
 */
export interface FluxTestApi {
  api: SandboxApi;
  storage: ArtifactStorage;
  /** A temporary folder, removed by `remove()`; the storage is in it. */
  directory: string;
  /** Creates an object of a `source.toolkit.fluxcd.io/v1` kind in `default`. */
  createSource(kind: string, name: string, spec: object): KubeObject;
  /** The stored object of a `source.toolkit.fluxcd.io/v1` kind in `default`. */
  getSource(kind: string, name: string): KubeObject;
  remove(): Promise<void>;
}

export async function createFluxTestApi(): Promise<FluxTestApi> {
  const api = SandboxApi.create({
    store: ObjectStore.create({ historySize: 1_000 }),
    registry: ResourceRegistry.create({ types: builtinResourceTypes() }),
  });
  seedCluster(api);
  installFlux(api);
  // Serving is what the CRD controller's start does; nothing else of it is needed.
  CustomResourceDefinitionController.create({ api }).initialKeys();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'flux-test-'));
  const scope = (kind: string) =>
    api.scope('source.toolkit.fluxcd.io/v1', kind, 'default');
  return {
    api,
    storage: ArtifactStorage.create({
      directory: path.join(directory, 'artifacts'),
    }),
    directory,
    createSource: (kind, name, spec) =>
      api.create(scope(kind), { metadata: { name }, spec }).object,
    getSource: (kind, name) => api.get(scope(kind), name),
    remove: () => fs.rm(directory, { recursive: true, force: true }),
  };
}
