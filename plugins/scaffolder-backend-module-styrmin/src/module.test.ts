import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  scaffolderActionsExtensionPoint,
  TemplateAction,
} from '@backstage/plugin-scaffolder-node';
import { scaffolderModuleStyrmin } from './module';

describe('scaffolderModuleStyrmin', () => {
  it('adds the Styrmin actions to the scaffolder, with their schemas and examples', async () => {
    const actions: TemplateAction<any, any, any>[] = [];
    await startTestBackend({
      features: [
        scaffolderModuleStyrmin,
        mockServices.rootConfig.factory({
          data: { app: { baseUrl: 'http://localhost:3000' } },
        }),
      ],
      extensionPoints: [
        [
          scaffolderActionsExtensionPoint,
          {
            addActions: (...added: TemplateAction<any, any, any>[]) =>
              actions.push(...added),
          },
        ],
      ],
    });
    expect(actions.map(action => action.id)).toEqual([
      'styrmin:deployment:create',
      'styrmin:deployment:upgrade',
    ]);
    for (const action of actions) {
      expect(action.examples?.length).toBeGreaterThan(0);
      expect(action.schema?.input).toBeDefined();
      expect(action.schema?.output).toBeDefined();
    }
  });
});
