/**
 * Feature gates the spec names, with their defaults. The spec states two (terminating
 * replicas on, sharded list and watch off); the rest follow the platform's convention:
 * alpha gates start off, beta gates start on.
 */
export const featureGateDefaults: Readonly<Record<string, boolean>> = {
  DeploymentReplicaSetTerminatingReplicas: true, // beta, "enabled by default" (spec A)
  ShardedListAndWatch: false, // alpha (spec A)
  CompositePodGroup: false, // alpha: scheduling.plat.io/v1alpha3 (spec B)
  GenericWorkload: true, // beta: scheduling.plat.io/v1beta1 (spec B)
  DRAWorkloadResourceClaims: true, // beta (spec B)
  PodGroupPreemptionPolicy: false, // alpha upstream
  TopologyAwareWorkloadScheduling: false, // alpha upstream
};

/** The release the spec describes; manifests target it unless configured otherwise. */
export const DEFAULT_RELEASE = '1.37';

/** Gates the spec does not name are assumed on: platlint should not flag what it cannot know. */
export function gateEnabled(gates: Readonly<Record<string, boolean>>, gate: string): boolean {
  return gates[gate] ?? featureGateDefaults[gate] ?? true;
}
