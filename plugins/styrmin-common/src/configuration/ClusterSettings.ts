import { z } from 'zod/v4';
import { ParameterName } from '../driver/driverFields';
import {
  boundedRecord,
  CONFIGURATION_LIMITS,
  DomainName,
  KubernetesName,
} from './configurationFields';
import { checkJsonBounds, JsonValue } from './JsonValue';

/** The DNS domain of a Kubernetes cluster unless its settings name another. */
export const DEFAULT_CLUSTER_DOMAIN = 'cluster.local';

/*
 * The keys of `storage_classes` and `extra` become names in the context that values
 * templates read (`cluster.storage_classes.fast`), so they follow the rule of parameter
 * names.
 */
const SettingName = ParameterName;

/**
 * The cluster-level settings that every deployment on a cluster uses: a typed core, and
 * `extra` for what drivers agree on beyond it. Every field is optional; the context holds
 * what is set.
 *
 * @public
 */
export const ClusterSettings = z
  .strictObject({
    storage_class: KubernetesName.optional().describe(
      'The default storage class; values templates read it as `cluster.storage_class`. The cluster default storage class when absent.',
    ),
    storage_classes: boundedRecord(SettingName, KubernetesName, {
      max: CONFIGURATION_LIMITS.storageClasses,
      what: 'named storage classes',
    })
      .optional()
      .describe(
        'Further storage classes by purpose (for example `{ fast: ssd }`); values templates read them as `cluster.storage_classes.<name>`.',
      ),
    ingress_class: KubernetesName.optional().describe(
      'The ingress class of the Ingresses that deployments create.',
    ),
    base_domain: DomainName.optional().describe(
      'The DNS domain under which deployments expose their hosts (for example `apps.example.com`).',
    ),
    ingress_tls_secret: KubernetesName.optional().describe(
      "The TLS Secret that the Ingresses of exposed services name (`spec.tls[].secretName`), for example one holding a wildcard certificate of `base_domain`; it must exist in each deployment's namespace. With it, or with `ingress_cluster_issuer`, the URLs are https.",
    ),
    ingress_cluster_issuer: KubernetesName.optional().describe(
      "The cert-manager ClusterIssuer that certifies the Ingresses of exposed services (their `cert-manager.io/cluster-issuer` annotation); each Ingress's certificate goes to `ingress_tls_secret`, or to `<its host's first label>-tls` when that is absent.",
    ),
    cluster_domain: DomainName.optional().describe(
      `The cluster's internal DNS domain, which the service addresses in the context end with; \`${DEFAULT_CLUSTER_DOMAIN}\` when absent.`,
    ),
    utilities_enabled: z
      .boolean()
      .optional()
      .describe(
        'Whether Styrmin deploys its utilities (the ingress controller, service discovery) on the cluster, into its system environment; false for a cluster that has its own. True when absent.',
      ),
    disabled_utilities: z
      .array(KubernetesName)
      .max(16)
      .optional()
      .describe(
        'The utilities Styrmin leaves off this cluster, by name (`ingress-nginx`, `k8s-gateway`); the others are deployed.',
      ),
    extra: boundedRecord(SettingName, z.custom<JsonValue>(), {
      max: CONFIGURATION_LIMITS.extraSettings,
      what: 'extra settings',
    })
      .superRefine(
        checkJsonBounds({
          maxDepth: CONFIGURATION_LIMITS.extraDepth,
          maxLength: CONFIGURATION_LIMITS.extraLength,
        }),
      )
      .optional()
      .describe(
        'Further settings by name, any JSON; values templates read them as `cluster.extra.<name>`. An environment override merges into them: objects key by key, anything else replaced.',
      ),
  })
  .describe('The cluster-level settings that every deployment uses.');

/** @public */
export type ClusterSettings = z.infer<typeof ClusterSettings>;
