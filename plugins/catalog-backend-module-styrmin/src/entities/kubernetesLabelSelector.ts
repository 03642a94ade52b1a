import { DriverSpec } from '@styrmin/plugin-styrmin-common';

/**
 * The label selector with which Backstage's Kubernetes plugin finds a deployment's pods
 * and workloads: the labels that every component of its driver version selects on, each
 * `key=value` when the components agree and `key in (...)` when they do not. Every pod of
 * every component matches it (the components' selectors describe the rendered chart, the
 * driver API says), and the deployment's namespace holds nothing of any other deployment.
 * Undefined when the components share no label key: then nothing describes all of them.
 */
export function kubernetesLabelSelector(
  components: DriverSpec['spec']['components'],
): string | undefined {
  // A driver version declares one component at least (DriverSpec).
  const [first, ...others] = Object.values(components).map(
    component => component.selector,
  );
  const selectors = [first, ...others];
  const terms = Object.keys(first)
    .filter(key => others.every(selector => key in selector))
    .sort()
    .map(key => {
      const values = [...new Set(selectors.map(selector => selector[key]))];
      return values.length === 1
        ? `${key}=${values[0]}`
        : `${key} in (${values.sort().join(',')})`;
    });
  return terms.length > 0 ? terms.join(',') : undefined;
}
