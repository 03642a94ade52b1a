/*
 * A Backstage backend with only the Kubernetes plugin, configured by the --config file
 * kubernetesBackend.ts writes. Run in its own Node process: the plugin's proxy loads its
 * middleware with a dynamic import, which Jest's module VM does not run.
 */
import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();
backend.add(import('@backstage/plugin-kubernetes-backend'));
backend.start();
