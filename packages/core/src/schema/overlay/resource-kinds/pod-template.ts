// The overlay of the pod template of a Deployment: single-field limits of upstream pod validation.
import type { Overlay } from '../../overlay-types.js';

/**
 * The spec leaves the pod template to the shared core types; the server validates it as a full
 * pod template, so these limits come from upstream pod validation (reference/upstream-rules).
 * Cross-field rules and formats of list items are the deployment/* rules'.
 */
const USER_OR_GROUP_ID = { minimum: 0, maximum: 2147483647 } as const;
/** Permission bits of projected files: 0 to 0777. */
const FILE_MODE = { minimum: 0, maximum: 0o777 } as const;

export const podTemplate: Overlay = {
  'core/v1.PodSpec': {
    fields: {
      serviceAccountName: { description: 'Service account the pods run as; a DNS subdomain.', format: 'dns-subdomain' },
      nodeName: {
        description: 'Binds the pods to this node, bypassing the scheduler; a node name (DNS subdomain).',
        format: 'dns-subdomain',
      },
      priorityClassName: { description: 'PriorityClass of the pods; a DNS subdomain.', format: 'dns-subdomain' },
      runtimeClassName: { description: 'RuntimeClass the pods run with; a DNS subdomain.', format: 'dns-subdomain' },
      hostname: { description: 'Host name of the pods; a DNS label. Defaults to the pod name.', format: 'dns-label' },
      subdomain: { description: 'Subdomain of the pods under a headless Service; a DNS label.', format: 'dns-label' },
    },
  },
  'core/v1.PodSecurityContext': {
    fields: {
      runAsUser: { description: "User id of the containers' processes, 0 to 2147483647.", ...USER_OR_GROUP_ID },
      runAsGroup: { description: "Primary group id of the containers' processes, 0 to 2147483647.", ...USER_OR_GROUP_ID },
      fsGroup: { description: "Group that owns the pod's volumes, 0 to 2147483647.", ...USER_OR_GROUP_ID },
      seLinuxChangePolicy: {
        description: "How volumes get the pod's SELinux label: `MountOption` or `Recursive`.",
        enum: ['MountOption', 'Recursive'],
      },
    },
  },
  'core/v1.SecurityContext': {
    fields: {
      runAsUser: { description: "User id of the container's process, 0 to 2147483647.", ...USER_OR_GROUP_ID },
      runAsGroup: { description: "Primary group id of the container's process, 0 to 2147483647.", ...USER_OR_GROUP_ID },
    },
  },
  'core/v1.PodOS': {
    fields: {
      name: { description: 'Operating system of the pods: `linux` or `windows`.', enum: ['linux', 'windows'] },
    },
  },
  'core/v1.ContainerResizePolicy': {
    fields: {
      restartPolicy: {
        description: 'Whether resizing this resource restarts the container: `NotRequired` or `RestartContainer`.',
        enum: ['NotRequired', 'RestartContainer'],
      },
    },
  },
  'core/v1.PodReadinessGate': {
    fields: {
      conditionType: { description: 'Pod condition that must be true for readiness; a qualified name.', format: 'label-key' },
    },
  },
  'core/v1.PodSchedulingGate': {
    fields: {
      name: { description: 'Name of the gate; a qualified name, unique in the pod.', format: 'label-key' },
    },
  },
  'core/v1.HostAlias': {
    fields: {
      ip: { description: "Address the host names resolve to in the pod's hosts file.", format: 'ip' },
    },
  },
  'core/v1.PodDNSConfig': {
    fields: {
      nameservers: { description: 'DNS server addresses, at most 3.', maxItems: 3 },
      searches: { description: 'DNS search domains, at most 32.', maxItems: 32 },
    },
  },
  'core/v1.PodDNSConfigOption': {
    fields: {
      name: { description: 'Resolver option name, such as `ndots`. Required.', required: true, minLength: 1 },
    },
  },
  'core/v1.Toleration': {
    fields: {
      value: { description: 'Taint value to match with `Equal`; a label value, empty with `Exists`.', format: 'label-value' },
    },
  },
  'core/v1.NodeSelectorRequirement': {
    fields: {
      key: { description: 'Node label key (or field name under matchFields) the requirement reads.', format: 'label-key' },
    },
  },
  'core/v1.PreferredSchedulingTerm': {
    fields: {
      weight: { description: 'Weight of the term, 1 to 100.', minimum: 1, maximum: 100 },
      // ValidatePreferredSchedulingTerms accepts an empty term; it matches every node.
      preference: { description: 'Node selector term of this preference; an empty term matches all nodes.', required: false },
    },
  },
  'core/v1.WeightedPodAffinityTerm': {
    fields: {
      weight: { description: 'Weight of the term, 1 to 100.', minimum: 1, maximum: 100 },
    },
  },
  'core/v1.PodAffinityTerm': {
    fields: {
      topologyKey: {
        description: 'Node label key that defines the topology domain; required and non-empty.',
        format: 'label-key',
      },
    },
  },
  'core/v1.VolumeMount': {
    fields: {
      mountPath: { description: 'Path in the container where the volume is mounted; required.', minLength: 1 },
      recursiveReadOnly: {
        description: 'Whether a read-only mount is read-only all the way down: `Disabled`, `IfPossible` or `Enabled`.',
        enum: ['Disabled', 'IfPossible', 'Enabled'],
      },
    },
  },
  'core/v1.Probe': {
    fields: {
      terminationGracePeriodSeconds: {
        description: 'Grace period after a failed probe kills the container; at least 1. Not for readiness probes.',
        minimum: 1,
      },
    },
  },
  'core/v1.SleepAction': {
    fields: {
      // validateSleepAction accepts 0, which a missing field decodes to.
      seconds: { description: 'How long the hook sleeps; 0 or more (absent means 0).', minimum: 0, required: false },
    },
  },
  'core/v1.ConfigMapKeySelector': {
    fields: {
      name: { description: "ConfigMap to read, in the pod's namespace; a DNS subdomain.", format: 'dns-subdomain' },
      key: { description: 'Key of the ConfigMap to read; required.', minLength: 1 },
    },
  },
  'core/v1.SecretKeySelector': {
    fields: {
      name: { description: "Secret to read, in the pod's namespace; a DNS subdomain.", format: 'dns-subdomain' },
      key: { description: 'Key of the Secret to read; required.', minLength: 1 },
    },
  },
  'core/v1.ConfigMapEnvSource': {
    fields: {
      name: { description: 'ConfigMap whose keys become variables; a DNS subdomain.', format: 'dns-subdomain' },
    },
  },
  'core/v1.SecretEnvSource': {
    fields: {
      name: { description: 'Secret whose keys become variables; a DNS subdomain.', format: 'dns-subdomain' },
    },
  },
  'core/v1.ExecAction': {
    fields: {
      command: {
        description: 'Command line to run in the container, not in a shell; at least one element.',
        required: true,
        minItems: 1,
      },
    },
  },
  'core/v1.EphemeralVolumeSource': {
    fields: {
      volumeClaimTemplate: {
        description: 'Template of the PersistentVolumeClaim created for the pod; required.',
        required: true,
      },
    },
  },
  'core/v1.HostPathVolumeSource': {
    fields: {
      path: { description: 'Path on the node; required.', minLength: 1 },
    },
  },
  'core/v1.SecretVolumeSource': {
    fields: {
      secretName: { description: "Secret to mount, in the pod's namespace; required.", required: true, minLength: 1 },
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.ConfigMapVolumeSource': {
    fields: {
      name: { description: "ConfigMap to mount, in the pod's namespace; required.", required: true, minLength: 1 },
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.ProjectedVolumeSource': {
    fields: {
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.DownwardAPIVolumeSource': {
    fields: {
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.KeyToPath': {
    fields: {
      key: { description: 'Key to project; required.', minLength: 1 },
      path: { description: 'Relative path of the file the key is written to; required.', minLength: 1 },
      mode: { description: 'Permission bits of this file, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.DownwardAPIVolumeFile': {
    fields: {
      path: { description: 'Relative path of the file; required.', minLength: 1 },
      mode: { description: 'Permission bits of this file, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.PersistentVolumeClaimVolumeSource': {
    fields: {
      claimName: { description: "PersistentVolumeClaim in the pod's namespace; required.", minLength: 1 },
    },
  },
  'core/v1.NFSVolumeSource': {
    fields: {
      server: { description: 'Host name or IP address of the NFS server; required.', minLength: 1 },
      path: { description: 'Absolute path exported by the NFS server; required.', minLength: 1 },
    },
  },
  // The four fields below are required upstream by type, but no validation function refuses
  // their absence (validateHTTPGetAction, validateSysctls, validateISCSIVolumeSource and
  // validateScaleIOVolumeSource), so the server stores a manifest without them.
  'core/v1.HTTPHeader': {
    fields: {
      value: { description: 'Header value; may be left out (an empty value).', required: false },
    },
  },
  'core/v1.Sysctl': {
    fields: {
      value: { description: 'Value to set; may be left out (an empty value).', required: false },
    },
  },
  'core/v1.ISCSIVolumeSource': {
    fields: {
      lun: { description: 'Target LUN number, 0 to 255; absent means 0.', minimum: 0, maximum: 255, required: false },
    },
  },
  'core/v1.ScaleIOVolumeSource': {
    fields: {
      secretRef: { description: 'Secret with the ScaleIO user credentials; the server does not require it.', required: false },
      // The type marks it optional, but validateScaleIOVolumeSource refuses an empty name
      // (pkg/apis/core/validation/validation.go at 000f26050b9be6fb3d79fae95e06b47fc96128cd).
      volumeName: {
        description: 'Name of a volume already created in the ScaleIO system; required.',
        required: true,
        minLength: 1,
      },
    },
  },
  'core/v1.CSIVolumeSource': {
    fields: {
      // The server lowercases the name before its DNS-subdomain check, so capitals pass; that
      // check is deployment/volume-names', not a format here (the format is case-sensitive).
      driver: {
        description:
          'Name of the CSI driver: a DNS subdomain of at most 63 characters, compared without regard to case; required.',
        minLength: 1,
        maxLength: 63,
      },
    },
  },
  'core/v1.PodSchedulingGroup': {
    fields: {
      // A union of one member: validateSchedulingGroup refuses an absent podGroupName ("must specify
      // one of: `podGroupName`", pkg/apis/core/validation/validation.go at 64149d1201ab96736d5aa902df411d40a3f6f714).
      podGroupName: { description: 'Name of the PodGroup the pods belong to, in the same namespace; required.', required: true },
    },
  },
  'core/v1.VolumeProjection': {
    fields: {
      // The type's marker names PodCertificateProjection, but the server drops the source by the
      // PodCertificateRequest gate (dropDisabledPodCertificateProjection, pkg/api/pod/util.go at
      // the 1.35 tree stored for kubernetes/kubernetes), and no PodCertificateProjection gate exists upstream.
      podCertificate: { featureGates: ['PodCertificateRequest'] },
    },
  },
  'core/v1.PodCertificateProjection': {
    fields: {
      // validateProjectionSources refuses any other key type, and "" (an absent one) with them.
      keyType: {
        description:
          'Type of the key pair the kubelet generates: `RSA3072`, `RSA4096`, `ECDSAP256`, `ECDSAP384`, `ECDSAP521` or `ED25519`; required.',
        enum: ['RSA3072', 'RSA4096', 'ECDSAP256', 'ECDSAP384', 'ECDSAP521', 'ED25519'],
      },
    },
  },
  'core/v1.ServiceAccountTokenProjection': {
    fields: {
      expirationSeconds: {
        description: 'Requested token lifetime, from 600 (10 minutes) to 4294967296 seconds.',
        minimum: 600,
        maximum: 4294967296,
      },
      path: { description: 'File the token is written to, relative to the mount point; required.', minLength: 1 },
    },
  },
  'core/v1.TopologySpreadConstraint': {
    fields: {
      maxSkew: { description: 'Largest allowed difference in matching pods between domains; at least 1.', minimum: 1 },
      minDomains: { description: 'Minimum number of eligible domains; at least 1, and only with `DoNotSchedule`.', minimum: 1 },
      // Upstream only requires the key to be non-empty here (pod affinity also checks its syntax).
      topologyKey: { description: 'Node label key that defines the topology domain; required and non-empty.', minLength: 1 },
    },
  },
};
