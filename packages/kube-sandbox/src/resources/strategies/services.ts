import { KubeObject } from '../../store/types';
import { JsonMap } from '../../util/json';
import { immutable, invalid, required } from '../fieldErrors';
import { ResourceStrategy, StatusCause } from '../ResourceType';

/**
 * Service defaults, cluster IP and node port allocation (from 10.96.0.0/12 and 30000-32767, as
 * a default cluster does). Each sandbox has its own allocator; addresses are not reused.
 */
export function createServiceStrategy(): ResourceStrategy {
  let nextAddress = 1;
  let nextNodePort = 30000;
  const allocateAddress = () => {
    const n = nextAddress++;
    return `10.${96 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  };
  const hasClusterIP = (spec: JsonMap) =>
    spec.type !== 'ExternalName' && spec.clusterIP !== 'None';
  const usesNodePorts = (spec: JsonMap) =>
    spec.type === 'NodePort' || spec.type === 'LoadBalancer';

  return {
    applyDefaults(service: KubeObject) {
      const spec: JsonMap | undefined = service.spec;
      if (!spec) {
        return;
      }
      spec.type ??= 'ClusterIP';
      spec.sessionAffinity ??= 'None';
      for (const port of spec.ports ?? []) {
        port.protocol ??= 'TCP';
        port.targetPort ??= port.port;
      }
      if (spec.type !== 'ExternalName') {
        spec.internalTrafficPolicy ??= 'Cluster';
      }
      if (usesNodePorts(spec)) {
        spec.externalTrafficPolicy ??= 'Cluster';
      }
    },
    prepareForCreate(service: KubeObject) {
      const spec: JsonMap = service.spec ?? {};
      if (hasClusterIP(spec)) {
        spec.clusterIP ??= allocateAddress();
      }
      if (spec.clusterIP) {
        spec.clusterIPs ??= [spec.clusterIP];
      }
      if (spec.type !== 'ExternalName') {
        spec.ipFamilies ??= ['IPv4'];
        spec.ipFamilyPolicy ??= 'SingleStack';
      }
      if (usesNodePorts(spec)) {
        for (const port of spec.ports ?? []) {
          port.nodePort ??= nextNodePort++;
        }
      }
      service.status = { loadBalancer: {} };
    },
    prepareForUpdate(service: KubeObject, old: KubeObject) {
      const spec: JsonMap | undefined = service.spec;
      const oldSpec: JsonMap = old.spec ?? {};
      if (!spec) {
        return;
      }
      // Allocated fields left out of an update keep their values.
      for (const field of [
        'clusterIP',
        'clusterIPs',
        'ipFamilies',
        'ipFamilyPolicy',
      ]) {
        if (
          spec[field] === undefined &&
          oldSpec[field] !== undefined &&
          spec.type === oldSpec.type
        ) {
          spec[field] = oldSpec[field];
        }
      }
      if (usesNodePorts(spec)) {
        for (const port of spec.ports ?? []) {
          port.nodePort ??=
            oldSpec.ports?.find((p: JsonMap) => p.port === port.port)
              ?.nodePort ?? nextNodePort++;
        }
      }
    },
    validate(service: KubeObject, old?: KubeObject) {
      const spec: JsonMap = service.spec ?? {};
      const causes: StatusCause[] = [];
      if (spec.type === 'ExternalName') {
        if (!spec.externalName) {
          causes.push(required('spec.externalName'));
        }
      } else if (spec.clusterIP !== 'None' && !spec.ports?.length) {
        causes.push(required('spec.ports'));
      }
      (spec.ports ?? []).forEach((port: JsonMap, i: number) => {
        if (
          !Number.isInteger(port.port) ||
          port.port < 1 ||
          port.port > 65535
        ) {
          causes.push(
            invalid(
              `spec.ports[${i}].port`,
              port.port,
              'must be between 1 and 65535, inclusive',
            ),
          );
        }
      });
      if (
        old &&
        old.spec?.clusterIP &&
        spec.clusterIP !== old.spec.clusterIP &&
        spec.type === old.spec.type
      ) {
        causes.push(immutable('spec.clusterIP', spec.clusterIP));
      }
      return causes;
    },
  };
}
