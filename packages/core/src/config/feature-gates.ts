import apiTypes from '../../data/api-types.json' with { type: 'json' };
import type { ApiTypes } from '../schema/api-types.js';
import { keepBounded } from '../bounded-memo.js';

/** The release the spec describes; manifests target it unless configured otherwise. */
export const DEFAULT_RELEASE = '1.37';

/** From `from` on (until the next stage), a gate has this default. */
interface GateStage {
  from: string;
  stage: 'alpha' | 'beta' | 'GA';
  default: boolean;
}

/**
 * The history of each gate platlint reads: when it appeared and when its default changed.
 * Before its first stage a gate does not exist, so what it guards is not served (off).
 * The spec's gates first (spec A and B); the others as the upstream releases graduated them.
 * Where the spec and upstream differ, the spec's words are kept and the rule docs say so:
 * upstream 1.37 ships GenericWorkload and DRAWorkloadResourceClaims as beta but off by default.
 */
const gateHistory: Readonly<Record<string, readonly GateStage[]>> = {
  DeploymentReplicaSetTerminatingReplicas: [
    { from: '1.33', stage: 'alpha', default: false },
    { from: '1.35', stage: 'beta', default: true },
  ], // beta, "enabled by default" (spec A)
  ShardedListAndWatch: [{ from: '1.37', stage: 'alpha', default: false }], // alpha (spec A)
  CompositePodGroup: [{ from: '1.37', stage: 'alpha', default: false }], // scheduling.plat.io/v1alpha3 (spec B)
  GenericWorkload: [
    { from: '1.35', stage: 'alpha', default: false },
    { from: '1.37', stage: 'beta', default: true },
  ], // scheduling.plat.io/v1beta1 (spec B)
  DRAWorkloadResourceClaims: [
    { from: '1.36', stage: 'alpha', default: false },
    { from: '1.37', stage: 'beta', default: true },
  ], // beta (spec B)
  PodGroupPreemptionPolicy: [{ from: '1.37', stage: 'alpha', default: false }],
  TopologyAwareWorkloadScheduling: [{ from: '1.36', stage: 'alpha', default: false }],
  InPlacePodVerticalScaling: [
    { from: '1.27', stage: 'alpha', default: false },
    { from: '1.33', stage: 'beta', default: true },
    { from: '1.35', stage: 'GA', default: true },
  ],
  InPlacePodLevelResourcesVerticalScaling: [
    { from: '1.35', stage: 'alpha', default: false },
    { from: '1.36', stage: 'beta', default: true },
  ],
  InPlacePodVerticalScalingSchedulerPreemption: [{ from: '1.37', stage: 'alpha', default: false }],
  PodLevelResources: [
    { from: '1.32', stage: 'alpha', default: false },
    { from: '1.34', stage: 'beta', default: true },
  ],
  DynamicResourceAllocation: [
    { from: '1.26', stage: 'alpha', default: false },
    { from: '1.32', stage: 'beta', default: false },
    { from: '1.34', stage: 'GA', default: true },
  ],
  DRAExtendedResource: [
    { from: '1.34', stage: 'alpha', default: false },
    { from: '1.36', stage: 'beta', default: true },
    { from: '1.37', stage: 'GA', default: true },
  ],
  DRANodeAllocatableResources: [{ from: '1.36', stage: 'alpha', default: false }],
  NodeDeclaredFeatures: [
    { from: '1.35', stage: 'alpha', default: false },
    { from: '1.36', stage: 'beta', default: true },
    { from: '1.37', stage: 'GA', default: true },
  ],
  VolumeAttributesClass: [
    { from: '1.29', stage: 'alpha', default: false },
    { from: '1.31', stage: 'beta', default: false },
    { from: '1.34', stage: 'GA', default: true },
  ],
  ContainerRestartRules: [
    { from: '1.34', stage: 'alpha', default: false },
    { from: '1.35', stage: 'beta', default: true },
  ],
  ContainerStopSignals: [{ from: '1.33', stage: 'alpha', default: false }],
  CrossNamespaceVolumeDataSource: [{ from: '1.26', stage: 'alpha', default: false }],
  EnvFiles: [
    { from: '1.34', stage: 'alpha', default: false },
    { from: '1.35', stage: 'beta', default: true },
  ],
  HPAConfigurableTolerance: [
    { from: '1.33', stage: 'alpha', default: false },
    { from: '1.35', stage: 'beta', default: true },
  ],
  HostnameOverride: [
    { from: '1.34', stage: 'alpha', default: false },
    { from: '1.35', stage: 'beta', default: true },
  ],
  CSIVolumeHealth: [{ from: '1.21', stage: 'alpha', default: false }],
  StrictIPCIDRValidation: [{ from: '1.33', stage: 'alpha', default: false }], // leading zeros and IPv4-mapped IPv6 in legacy IP fields
  ClusterTrustBundleProjection: [
    { from: '1.29', stage: 'alpha', default: false },
    { from: '1.33', stage: 'beta', default: false },
  ],
  // The gate the server drops projected podCertificate sources by (dropDisabledPodCertificateProjection, pkg/api/pod/util.go); beta but off (pkg/features/kube_features.go).
  PodCertificateRequest: [
    { from: '1.34', stage: 'alpha', default: false },
    { from: '1.35', stage: 'beta', default: false },
  ],
  // Stages read from upstream pkg/features/kube_features.go (the stored version with the 1.35 stages).
  PodLifecycleSleepActionAllowZero: [
    { from: '1.32', stage: 'alpha', default: false },
    { from: '1.33', stage: 'beta', default: true },
    { from: '1.34', stage: 'GA', default: true },
  ],
  RelaxedEnvironmentVariableValidation: [
    { from: '1.30', stage: 'alpha', default: false },
    { from: '1.32', stage: 'beta', default: true },
    { from: '1.34', stage: 'GA', default: true },
  ],
  RecursiveReadOnlyMounts: [
    { from: '1.30', stage: 'alpha', default: false },
    { from: '1.31', stage: 'beta', default: true },
    { from: '1.33', stage: 'GA', default: true },
  ],
  SidecarContainers: [
    { from: '1.28', stage: 'alpha', default: false },
    { from: '1.29', stage: 'beta', default: true },
    { from: '1.33', stage: 'GA', default: true },
  ],
};

/** Compares two releases such as "1.9" and "1.37" numerically (negative when `a` is older). */
export function compareReleases(a: string, b: string): number {
  const [am, an] = releaseNumbers(a);
  const [bm, bn] = releaseNumbers(b);
  return am - bm || an - bn;
}

/**
 * A release's major and minor numbers, read once per string: every object of a run asks
 * whether the configured release serves its kind, and splitting the same few strings again
 * each time showed in a profile of 10,000 documents.
 */
const readReleases = new Map<string, readonly [number, number]>();

function releaseNumbers(release: string): readonly [number, number] {
  let numbers = readReleases.get(release);
  if (!numbers) {
    const [major = 0, minor = 0] = release.split('.').map(Number);
    // Bounded: releases come from configuration files and the catalog, but a file may hold anything.
    numbers = keepBounded(readReleases, 256, release, [major, minor]);
  }
  return numbers;
}

/** True when `release` is `since` or later. */
export function releaseAtLeast(release: string, since: string): boolean {
  return compareReleases(release, since) >= 0;
}

/**
 * The default of a gate at a release: the stage in force then; false before the gate existed;
 * undefined for a gate whose history platlint does not know.
 */
export function gateDefault(gate: string, release: string = DEFAULT_RELEASE): boolean | undefined {
  const history = gateHistory[gate];
  if (!history) return undefined;
  let current = false;
  for (const stage of history) if (releaseAtLeast(release, stage.from)) current = stage.default;
  return current;
}

/** Gate defaults at the spec's release (DEFAULT_RELEASE), for gates whose history is known. */
export const featureGateDefaults: Readonly<Record<string, boolean>> = Object.fromEntries(
  Object.keys(gateHistory).map((gate) => [gate, gateDefault(gate) as boolean]),
);

/** Gates whose history is unknown are assumed on: platlint should not flag what it cannot know. */
export function gateEnabled(gates: Readonly<Record<string, boolean>>, gate: string, release: string = DEFAULT_RELEASE): boolean {
  return gates[gate] ?? gateDefault(gate, release) ?? true;
}

let known: ReadonlySet<string> | undefined;

/**
 * Every gate name platlint knows: those with a history, and those the reference's field
 * markers name. A configuration naming another is refused, as the server refuses to start
 * with an unknown gate. The spec overlay names gates too, but only known ones (a test checks
 * it), so that a misspelt gate in the overlay cannot make itself known.
 */
export function knownFeatureGates(): ReadonlySet<string> {
  if (known) return known;
  const names = new Set(Object.keys(gateHistory));
  for (const type of Object.values((apiTypes as unknown as ApiTypes).types)) {
    if (!('fields' in type)) continue;
    for (const field of Object.values(type.fields ?? {})) for (const gate of field.featureGates ?? []) names.add(gate);
  }
  known = names;
  return names;
}
