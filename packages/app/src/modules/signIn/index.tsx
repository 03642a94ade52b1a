import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { SignInPageBlueprint } from '@backstage/plugin-app-react';

/**
 * The app's default sign-in page, guest only, with `auto`: a reload signs the guest in
 * again instead of asking, as it remembers the provider chosen last. Production portals
 * replace the guest provider with their own (see app-config.production.yaml).
 */
const signInPage = SignInPageBlueprint.make({
  params: {
    loader: async () => {
      const { SignInPage } = await import('@backstage/core-components');
      return props => <SignInPage {...props} auto providers={['guest']} />;
    },
  },
});

export const signInModule = createFrontendModule({
  pluginId: 'app',
  extensions: [signInPage],
});
