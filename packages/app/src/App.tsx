import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import { kubernetesTabModule } from './modules/kubernetesTab';
import { navModule } from './modules/nav';
import { signInModule } from './modules/signIn';

// The other plugins, Styrmin's included, are discovered through `app.packages: all`.
export default createApp({
  features: [catalogPlugin, navModule, signInModule, kubernetesTabModule],
});
