import {
  V1Deployment,
  V1PersistentVolumeClaim,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { VELERO_PVC_UID_LABEL, VeleroPodVolumeBackup } from './velero';

/** What a namespace holds now that leads from a backed-up pod's volume to its claim. */
export interface NamespaceClaims {
  claims: V1PersistentVolumeClaim[];
  statefulSets: V1StatefulSet[];
  deployments: V1Deployment[];
}

/** The claim a workload's pod mounts as `volume`, when the pod is one of the workload's. */
function claimOfWorkload(
  pod: string,
  volume: string,
  workloads: NamespaceClaims,
): string | undefined {
  for (const set of workloads.statefulSets) {
    const name = set.metadata?.name;
    if (!name || !new RegExp(`^${escape(name)}-\\d+$`).test(pod)) {
      continue;
    }
    if (
      set.spec?.volumeClaimTemplates?.some(t => t.metadata?.name === volume)
    ) {
      return `${volume}-${pod}`;
    }
    const mounted = mountedClaim(set.spec?.template.spec?.volumes, volume);
    if (mounted) {
      return mounted;
    }
  }
  for (const deployment of workloads.deployments) {
    const name = deployment.metadata?.name;
    if (name && pod.startsWith(`${name}-`)) {
      const mounted = mountedClaim(
        deployment.spec?.template.spec?.volumes,
        volume,
      );
      if (mounted) {
        return mounted;
      }
    }
  }
  return undefined;
}

function mountedClaim(
  volumes: {
    name: string;
    persistentVolumeClaim?: { claimName: string };
  }[] = [],
  volume: string,
): string | undefined {
  return volumes.find(v => v.name === volume)?.persistentVolumeClaim?.claimName;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The claims of a namespace that hold what a backup's PodVolumeBackups copied: those an
 * in-place restore must remove, since Velero writes volume data only into claims the
 * restore creates. A PodVolumeBackup names the pod and the volume it copied and carries
 * the claim's uid: the claim of that uid, when it still exists; else the claim that pod's
 * workload mounts under that volume name now (a StatefulSet's claim template
 * `<volume>-<pod>`, or the claim the pod template names): a claim that an earlier restore
 * created again has a new uid but the same name. Sorted, each once.
 */
export function claimsOfBackup(
  podVolumeBackups: VeleroPodVolumeBackup[],
  namespace: NamespaceClaims,
): string[] {
  const existing = new Map(
    namespace.claims.map(c => [c.metadata?.name ?? '', c] as const),
  );
  const byUid = new Map(
    namespace.claims.map(c => [c.metadata?.uid, c.metadata?.name] as const),
  );
  const names = new Set<string>();
  for (const pvb of podVolumeBackups) {
    const uid = pvb.metadata?.labels?.[VELERO_PVC_UID_LABEL];
    const sameClaim = uid ? byUid.get(uid) : undefined;
    const pod = pvb.spec?.pod?.name;
    const volume = pvb.spec?.volume;
    const name =
      sameClaim ??
      (pod && volume ? claimOfWorkload(pod, volume, namespace) : undefined);
    if (name && existing.has(name)) {
      names.add(name);
    }
  }
  return [...names].sort();
}
