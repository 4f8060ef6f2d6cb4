import { describe, expect, it } from 'vitest';
import { allFindings, errorFindings } from '../parity/fixtures.js';

/**
 * Parity with the upstream API server on Deployments (apps/v1) and their pod templates. Each
 * case restates, as a manifest, a success or failure case of the upstream validation tests
 * (apps: TestValidateDeployment and the rolling-update tests; core: the pod spec, container,
 * volume, probe, env, port, resource, security-context, toleration, affinity, topology-spread,
 * dnsConfig and hostAliases tests), read for behaviour and written here in our own words.
 *
 * `ok`: the server stores the object, so platlint reports no error (warnings are allowed).
 * Otherwise the server refuses it, and platlint reports an error of that rule at that path.
 */

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A valid Deployment shaped like the upstream tests' own valid pod template. */
function base(): Obj {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'abc', namespace: 'default' },
    spec: {
      selector: { matchLabels: { name: 'abc' } },
      template: {
        metadata: { labels: { name: 'abc' } },
        spec: {
          restartPolicy: 'Always',
          dnsPolicy: 'ClusterFirst',
          containers: [{ name: 'ctr', image: 'image', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' }],
        },
      },
    },
  };
}

interface Case {
  /** What the case checks, and the upstream test it comes from. */
  name: string;
  edit: (d: Obj, pod: Obj, ctr: Obj) => void;
  /** 'ok', or the rule id and field path of the expected error. */
  expect: 'ok' | [ruleId: string, path: string];
  /** Feature gates the case sets in the configuration; the others keep their defaults. */
  gates?: Record<string, boolean>;
}

const ok = 'ok' as const;

const cases: Case[] = [
  // --- apps: TestValidateDeployment and friends ---
  { name: 'the base Deployment (apps success)', edit: () => {}, expect: ok },
  {
    name: 'RollingUpdate with percent maxSurge and integer maxUnavailable',
    edit: (d) => {
      d.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '20%', maxUnavailable: 1 } };
    },
    expect: ok,
  },
  {
    name: 'Recreate without rollingUpdate',
    edit: (d) => {
      d.spec.strategy = { type: 'Recreate' };
    },
    expect: ok,
  },
  {
    name: 'maxSurge 0% and maxUnavailable 1%',
    edit: (d) => {
      d.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: '0%', maxUnavailable: '1%' } };
    },
    expect: ok,
  },
  {
    name: 'only maxUnavailable 0 (maxSurge defaulted)',
    edit: (d) => {
      d.spec.strategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } };
    },
    expect: ok,
  },
  {
    name: 'maxSurge over 100%',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxSurge: '200%' } };
    },
    expect: ok,
  },
  {
    name: 'integer maxUnavailable above replicas',
    edit: (d) => {
      d.spec.replicas = 2;
      d.spec.strategy = { rollingUpdate: { maxUnavailable: 10 } };
    },
    expect: ok,
  },
  {
    name: 'progressDeadlineSeconds above minReadySeconds',
    edit: (d) => {
      d.spec.minReadySeconds = 10;
      d.spec.progressDeadlineSeconds = 11;
    },
    expect: ok,
  },
  {
    name: 'replicas 0',
    edit: (d) => {
      d.spec.replicas = 0;
    },
    expect: ok,
  },
  {
    name: 'paused',
    edit: (d) => {
      d.spec.paused = true;
    },
    expect: ok,
  },
  {
    name: 'matchExpressions selector',
    edit: (d) => {
      d.spec.selector = { matchExpressions: [{ key: 'name', operator: 'In', values: ['abc'] }] };
    },
    expect: ok,
  },
  {
    name: 'generateName instead of a name',
    edit: (d) => {
      delete d.metadata.name;
      d.metadata.generateName = 'abc-';
    },
    expect: ok,
  },
  {
    name: 'dotted name',
    edit: (d) => {
      d.metadata.name = 'abc.example.com';
    },
    expect: ok,
  },
  {
    name: 'rollingUpdate without a type (RollingUpdate is the default)',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxSurge: '100%', maxUnavailable: '100%' } };
    },
    expect: ok,
  },
  {
    name: 'maxSurge as a numeric string',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxSurge: '1' } };
    },
    expect: ['schema/format', 'spec.strategy.rollingUpdate.maxSurge'],
  },
  {
    name: 'progressDeadlineSeconds 0 with minReadySeconds defaulted to 0',
    edit: (d) => {
      d.spec.progressDeadlineSeconds = 0;
    },
    expect: ['deployment/progress-deadline', 'spec.progressDeadlineSeconds'],
  },
  {
    name: 'selector with NotIn and DoesNotExist terms',
    edit: (d) => {
      d.spec.selector = {
        matchLabels: { name: 'abc' },
        matchExpressions: [
          { key: 'tier', operator: 'NotIn', values: ['db'] },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
      };
    },
    expect: ok,
  },
  {
    name: 'selector In without values',
    edit: (d) => {
      d.spec.selector = { matchExpressions: [{ key: 'name', operator: 'In', values: [] }] };
    },
    expect: ['deployment/selector-syntax', 'spec.selector.matchExpressions[0].values'],
  },
  {
    name: 'prefixed template labels and annotations',
    edit: (d) => {
      d.spec.template.metadata.labels['app.kubernetes.io/name'] = 'abc';
      d.spec.template.metadata.annotations = { 'prometheus.io/scrape': 'true', 'checksum/config': 'x'.repeat(64) };
    },
    expect: ok,
  },
  {
    name: 'template metadata with a name and namespace of any shape',
    edit: (d) => {
      d.spec.template.metadata.name = 'Whatever_Name';
      d.spec.template.metadata.namespace = 'other';
    },
    expect: ok,
  },
  {
    name: 'template annotation key invalid',
    edit: (d) => {
      d.spec.template.metadata.annotations = { 'bad key': 'x' };
    },
    expect: ['metadata/annotations', 'spec.template.metadata.annotations["bad key"]'],
  },
  {
    name: 'ephemeralContainers in the template',
    edit: (_d, pod) => {
      pod.ephemeralContainers = [{ name: 'debug', image: 'busybox' }];
    },
    expect: ['deployment/template-forbidden-fields', 'spec.template.spec.ephemeralContainers'],
  },
  // Status sent with a create is dropped by the server, so its values cannot refuse the object.
  {
    name: 'status with negative counts',
    edit: (d) => {
      d.status = { replicas: -1, readyReplicas: 5, availableReplicas: -3, observedGeneration: -1, collisionCount: -1 };
    },
    expect: ok,
  },
  {
    name: 'status with conditions',
    edit: (d) => {
      d.status = {
        conditions: [
          {
            type: 'Available',
            status: 'True',
            reason: 'MinimumReplicasAvailable',
            lastUpdateTime: '2024-01-01T00:00:00Z',
            lastTransitionTime: '2024-01-01T00:00:00Z',
          },
        ],
      };
    },
    expect: ok,
  },
  {
    name: 'name missing',
    edit: (d) => {
      delete d.metadata.name;
    },
    expect: ['metadata/name-format', 'metadata.name'],
  },
  {
    name: 'name not a DNS subdomain',
    edit: (d) => {
      d.metadata.name = 'Abc_x';
    },
    expect: ['metadata/name-format', 'metadata.name'],
  },
  {
    name: 'empty selector',
    edit: (d) => {
      d.spec.selector = {};
    },
    expect: ['deployment/selector-matches-template', 'spec.selector'],
  },
  {
    name: 'selector does not match template labels',
    edit: (d) => {
      d.spec.selector = { matchLabels: { name: 'other' } };
    },
    expect: ['deployment/selector-matches-template', 'spec.template.metadata.labels'],
  },
  {
    name: 'negative replicas',
    edit: (d) => {
      d.spec.replicas = -1;
    },
    expect: ['schema/range', 'spec.replicas'],
  },
  {
    name: 'unknown strategy type',
    edit: (d) => {
      d.spec.strategy = { type: 'randomType' };
    },
    expect: ['schema/enum', 'spec.strategy.type'],
  },
  {
    name: 'Recreate with rollingUpdate',
    edit: (d) => {
      d.spec.strategy = { type: 'Recreate', rollingUpdate: {} };
    },
    expect: ['deployment/strategy-rolling-update', 'spec.strategy.rollingUpdate'],
  },
  {
    name: 'maxSurge not a percentage',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxSurge: '20Percent' } };
    },
    expect: ['schema/format', 'spec.strategy.rollingUpdate.maxSurge'],
  },
  {
    name: 'maxUnavailable not a percentage',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxUnavailable: '20Percent' } };
    },
    expect: ['schema/format', 'spec.strategy.rollingUpdate.maxUnavailable'],
  },
  {
    name: 'maxSurge and maxUnavailable both zero',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } };
    },
    expect: ['deployment/rolling-update-limits', 'spec.strategy.rollingUpdate.maxUnavailable'],
  },
  {
    name: 'maxSurge 0% and maxUnavailable 0%',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxSurge: '0%', maxUnavailable: '0%' } };
    },
    expect: ['deployment/rolling-update-limits', 'spec.strategy.rollingUpdate.maxUnavailable'],
  },
  {
    name: 'maxUnavailable over 100%',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxUnavailable: '110%' } };
    },
    expect: ['deployment/rolling-update-limits', 'spec.strategy.rollingUpdate.maxUnavailable'],
  },
  {
    name: 'negative maxUnavailable',
    edit: (d) => {
      d.spec.strategy = { rollingUpdate: { maxUnavailable: -1 } };
    },
    expect: ['deployment/rolling-update-limits', 'spec.strategy.rollingUpdate.maxUnavailable'],
  },
  {
    name: 'progressDeadlineSeconds equal to minReadySeconds',
    edit: (d) => {
      d.spec.minReadySeconds = 10;
      d.spec.progressDeadlineSeconds = 10;
    },
    expect: ['deployment/progress-deadline', 'spec.progressDeadlineSeconds'],
  },
  {
    name: 'minReadySeconds above the default deadline',
    edit: (d) => {
      d.spec.minReadySeconds = 600;
    },
    expect: ['deployment/progress-deadline', 'spec.progressDeadlineSeconds'],
  },
  {
    name: 'negative minReadySeconds',
    edit: (d) => {
      d.spec.minReadySeconds = -1;
    },
    expect: ['schema/range', 'spec.minReadySeconds'],
  },
  {
    name: 'negative revisionHistoryLimit',
    edit: (d) => {
      d.spec.revisionHistoryLimit = -2;
    },
    expect: ['schema/range', 'spec.revisionHistoryLimit'],
  },
  {
    name: 'restartPolicy OnFailure',
    edit: (_d, pod) => {
      pod.restartPolicy = 'OnFailure';
    },
    expect: ['deployment/restart-policy', 'spec.template.spec.restartPolicy'],
  },
  {
    name: 'restartPolicy Never',
    edit: (_d, pod) => {
      pod.restartPolicy = 'Never';
    },
    expect: ['deployment/restart-policy', 'spec.template.spec.restartPolicy'],
  },
  {
    name: 'activeDeadlineSeconds set',
    edit: (_d, pod) => {
      pod.activeDeadlineSeconds = 30;
    },
    expect: ['deployment/template-forbidden-fields', 'spec.template.spec.activeDeadlineSeconds'],
  },
  {
    name: 'template label value invalid',
    edit: (d) => {
      d.spec.template.metadata.labels.other = 'bad value';
    },
    expect: ['metadata/labels', 'spec.template.metadata.labels.other'],
  },

  // --- core: pod spec success cases ---
  {
    name: 'populated pod spec (volumes, nodeSelector, host namespaces, pull secrets, priority class)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'vol', persistentVolumeClaim: { claimName: '123' } }];
      pod.nodeSelector = { key: 'value' };
      pod.nodeName = 'foobar';
      pod.hostNetwork = true;
      pod.hostPID = true;
      pod.hostIPC = true;
      pod.imagePullSecrets = [{ name: 'secret' }];
      pod.priorityClassName = 'valid-name';
      pod.serviceAccountName = 'acct';
      pod.terminationGracePeriodSeconds = 60;
      pod.schedulerName = 'my-scheduler';
      pod.subdomain = 'sub';
      pod.hostname = 'host';
    },
    expect: ok,
  },
  {
    name: 'hostNetwork with hostPort equal to containerPort',
    edit: (_d, pod, ctr) => {
      pod.hostNetwork = true;
      ctr.ports = [{ containerPort: 8080, hostPort: 8080, protocol: 'TCP' }];
    },
    expect: ok,
  },
  {
    name: 'hostNetwork with hostPort left out',
    edit: (_d, pod, ctr) => {
      pod.hostNetwork = true;
      ctr.ports = [{ containerPort: 8080 }];
    },
    expect: ok,
  },
  {
    name: 'empty imagePullSecret name is accepted',
    edit: (_d, pod) => {
      pod.imagePullSecrets = [{ name: '' }];
    },
    expect: ok,
  },
  {
    name: 'runtimeClassName and overhead',
    edit: (_d, pod) => {
      pod.runtimeClassName = 'valid-sandbox';
      pod.overhead = { cpu: '250m', memory: '64Mi' };
    },
    expect: ok,
  },
  {
    name: 'shareProcessNamespace',
    edit: (_d, pod) => {
      pod.shareProcessNamespace = true;
    },
    expect: ok,
  },
  {
    name: 'dnsPolicy None with nameservers',
    edit: (_d, pod) => {
      pod.dnsPolicy = 'None';
      pod.dnsConfig = {
        nameservers: ['1.2.3.4'],
        searches: ['ns.svc.cluster.local', 'my.dns.search.path'],
        options: [{ name: 'ndots', value: '2' }, { name: 'edns0' }],
      };
    },
    expect: ok,
  },
  {
    name: 'dnsConfig with ClusterFirstWithHostNet',
    edit: (_d, pod) => {
      pod.dnsPolicy = 'ClusterFirstWithHostNet';
      pod.hostNetwork = true;
      pod.dnsConfig = { searches: ['custom'] };
    },
    expect: ok,
  },
  {
    name: 'dnsConfig with a trailing-dot search and an IPv6 nameserver',
    edit: (_d, pod) => {
      pod.dnsConfig = { nameservers: ['2001:db8::1'], searches: ['example.com.'] };
    },
    expect: ok,
  },
  {
    name: 'hostAliases',
    edit: (_d, pod) => {
      pod.hostAliases = [{ ip: '12.34.56.78', hostnames: ['host1', 'host2.example.com'] }];
    },
    expect: ok,
  },
  {
    name: 'readinessGates',
    edit: (_d, pod) => {
      pod.readinessGates = [{ conditionType: 'example.com/condition1' }];
    },
    expect: ok,
  },
  {
    name: 'schedulingGates',
    edit: (_d, pod) => {
      pod.schedulingGates = [{ name: 'example.com/foo' }];
    },
    expect: ok,
  },
  {
    name: 'os linux',
    edit: (_d, pod) => {
      pod.os = { name: 'linux' };
    },
    expect: ok,
  },
  {
    name: 'pod securityContext ids',
    edit: (_d, pod) => {
      pod.securityContext = {
        runAsUser: 0,
        runAsGroup: 0,
        fsGroup: 2000,
        supplementalGroups: [1, 2147483647],
        runAsNonRoot: false,
        fsGroupChangePolicy: 'OnRootMismatch',
        seccompProfile: { type: 'RuntimeDefault' },
        sysctls: [
          { name: 'net.ipv4.ip_local_port_range', value: '1024 65535' },
          { name: 'kernel.shm_rmid_forced', value: '0' },
        ],
      };
    },
    expect: ok,
  },
  {
    name: 'Localhost seccomp profile',
    edit: (_d, pod) => {
      pod.securityContext = { seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } };
    },
    expect: ok,
  },
  {
    name: 'tolerations',
    edit: (_d, pod) => {
      pod.tolerations = [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { operator: 'Exists' },
        { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
        { key: 'foo', value: '' },
      ];
    },
    expect: ok,
  },
  {
    name: 'toleration with an empty key and Exists matches every taint',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: '', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 }];
    },
    expect: ok,
  },
  {
    name: 'empty node selector term',
    edit: (_d, pod) => {
      pod.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } };
    },
    expect: ok,
  },
  {
    name: 'node affinity',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              {
                matchExpressions: [
                  { key: 'key2', operator: 'Exists' },
                  { key: 'key3', operator: 'Gt', values: ['10'] },
                ],
                matchFields: [{ key: 'metadata.name', operator: 'In', values: ['host1'] }],
              },
            ],
          },
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 10, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
          ],
        },
      };
    },
    expect: ok,
  },
  {
    name: 'pod affinity and anti-affinity',
    edit: (_d, pod) => {
      pod.affinity = {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            {
              labelSelector: { matchExpressions: [{ key: 'key2', operator: 'In', values: ['value1'] }] },
              topologyKey: 'zone',
              namespaces: ['ns'],
              matchLabelKeys: ['pod-template-hash'],
            },
          ],
        },
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 100,
              podAffinityTerm: { labelSelector: { matchLabels: { a: 'b' } }, namespaceSelector: {}, topologyKey: 'region' },
            },
          ],
        },
      };
    },
    expect: ok,
  },
  {
    name: 'topology spread constraints',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        {
          maxSkew: 1,
          topologyKey: 'k8s.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
          minDomains: 3,
          labelSelector: { matchLabels: { name: 'abc' } },
          matchLabelKeys: ['pod-template-hash'],
        },
        {
          maxSkew: 2,
          topologyKey: 'k8s.io/node',
          whenUnsatisfiable: 'ScheduleAnyway',
          nodeAffinityPolicy: 'Honor',
          nodeTaintsPolicy: 'Ignore',
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'volumes of many kinds',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'a', hostPath: { path: '/mnt/path', type: 'DirectoryOrCreate' } },
        { name: 'b', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } },
        {
          name: 'c',
          secret: {
            secretName: 'my-secret',
            defaultMode: 0o644,
            items: [{ key: 'k', path: 'dir/file', mode: 0o400 }],
            optional: true,
          },
        },
        { name: 'd', configMap: { name: 'my-cfg', items: [{ key: 'k', path: 'file' }] } },
        {
          name: 'e',
          downwardAPI: {
            items: [
              { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
              { path: 'cpu', resourceFieldRef: { containerName: 'ctr', resource: 'limits.cpu', divisor: '1m' } },
            ],
          },
        },
        {
          name: 'f',
          projected: {
            sources: [
              { serviceAccountToken: { path: 'token', expirationSeconds: 3600, audience: 'api' } },
              { configMap: { name: 'x' } },
              { secret: { name: 'y' } },
            ],
          },
        },
        { name: 'g', nfs: { server: 'nfs.example.com', path: '/exports' } },
        { name: 'h', csi: { driver: 'csi.example.com', volumeAttributes: { a: 'b' } } },
        {
          name: 'i',
          ephemeral: {
            volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
          },
        },
        { name: 'j', image: { reference: 'registry.example.com/data:v1', pullPolicy: 'IfNotPresent' } },
      ];
    },
    expect: ok,
  },
  {
    name: 'emptyDir with no fields',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'a', emptyDir: {} }];
    },
    expect: ok,
  },
  {
    name: 'a volume with no source is an emptyDir',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'a' }];
    },
    expect: ok,
  },

  {
    name: 'a production-style pod template',
    edit: (_d, pod, ctr) => {
      Object.assign(pod, {
        serviceAccountName: 'default',
        priorityClassName: 'system-cluster-critical',
        nodeSelector: { 'kubernetes.io/os': 'linux' },
        tolerations: [
          { key: 'CriticalAddonsOnly', operator: 'Exists' },
          { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' },
        ],
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { labelSelector: { matchLabels: { name: 'abc' } }, namespaceSelector: {}, topologyKey: 'kubernetes.io/hostname' },
            ],
          },
        },
        topologySpreadConstraints: [
          {
            maxSkew: 1,
            topologyKey: 'topology.kubernetes.io/zone',
            whenUnsatisfiable: 'ScheduleAnyway',
            labelSelector: { matchLabels: { name: 'abc' } },
            nodeAffinityPolicy: 'Honor',
          },
        ],
        securityContext: {
          runAsNonRoot: true,
          runAsUser: 65532,
          fsGroup: 65532,
          seccompProfile: { type: 'RuntimeDefault' },
          sysctls: [{ name: 'net.core.somaxconn', value: '1024' }],
        },
        dnsConfig: { options: [{ name: 'single-request-reopen' }] },
        hostAliases: [{ ip: '::1', hostnames: ['ip6-localhost'] }],
        volumes: [
          { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } },
          {
            name: 'podinfo',
            projected: {
              defaultMode: 420,
              sources: [
                {
                  downwardAPI: {
                    items: [
                      { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
                      { path: 'mem', resourceFieldRef: { containerName: 'ctr', resource: 'limits.memory' } },
                    ],
                  },
                },
                { serviceAccountToken: { path: 'token', expirationSeconds: 7200 } },
              ],
            },
          },
          { name: 'cfg', configMap: { name: 'abc-config', defaultMode: 0o755, items: [{ key: 'app.yaml', path: 'app.yaml' }] } },
        ],
      });
      Object.assign(ctr, {
        ports: [
          { name: 'http', containerPort: 8080 },
          { name: 'metrics', containerPort: 9090 },
        ],
        env: [
          { name: 'SA', valueFrom: { fieldRef: { fieldPath: 'spec.serviceAccountName' } } },
          { name: 'GOMAXPROCS', valueFrom: { resourceFieldRef: { resource: 'limits.cpu' } } },
        ],
        resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '128Mi' } },
        securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
        livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, initialDelaySeconds: 10, periodSeconds: 10 },
        readinessProbe: { grpc: { port: 9090 } },
        lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
        volumeMounts: [
          { name: 'tmp', mountPath: '/tmp' },
          { name: 'podinfo', mountPath: '/etc/podinfo', readOnly: true },
          { name: 'cfg', mountPath: '/etc/app' },
        ],
      });
    },
    expect: ok,
  },

  // --- core: container success cases ---
  {
    name: 'container with the usual fields',
    edit: (_d, _pod, ctr) => {
      ctr.command = ['sh', '-c'];
      ctr.args = ['echo'];
      ctr.workingDir = '/work';
      ctr.ports = [
        { name: 'http', containerPort: 80 },
        { name: 'dns', containerPort: 53, protocol: 'UDP' },
        { containerPort: 53 },
      ];
      ctr.env = [
        { name: 'abc', value: 'value' },
        { name: 'ABC', value: 'value' },
        { name: 'AbC_123', value: 'value' },
        { name: 'abc', value: '' },
        { name: 'a.b.c', value: 'value' },
        { name: 'a-b-c', value: 'value' },
      ];
      ctr.resources = {
        requests: { cpu: '100m', memory: '128Mi', 'ephemeral-storage': '1Gi' },
        limits: { cpu: 2, memory: '1Gi', 'example.com/gpu': 1 },
      };
      ctr.terminationMessagePath = '/tmp/msg';
      ctr.terminationMessagePolicy = 'FallbackToLogsOnError';
      ctr.stdin = true;
      ctr.tty = true;
    },
    expect: ok,
  },
  {
    name: 'container names of digits and dashes',
    edit: (_d, pod, ctr) => {
      ctr.name = '123';
      pod.containers.push({ name: 'abc-123', image: 'image' });
    },
    expect: ok,
  },
  {
    name: 'httpGet probe with host, scheme and headers',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = {
        httpGet: {
          host: '0.0.0.0',
          port: 8888,
          scheme: 'HTTPS',
          path: '/',
          httpHeaders: [{ name: 'Host', value: 'example.com' }],
        },
        successThreshold: 1,
      };
    },
    expect: ok,
  },
  {
    name: 'cpu request equal to its limit',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { requests: { cpu: '10', memory: '10G' }, limits: { cpu: '10', memory: '10G' } };
    },
    expect: ok,
  },
  {
    name: 'only limits set (requests defaulted from them)',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { limits: { cpu: '10', memory: '10G', 'ephemeral-storage': '1Gi' } };
    },
    expect: ok,
  },
  {
    name: 'env value from downward API, config map, secret and resource fields',
    edit: (_d, _pod, ctr) => {
      ctr.env = [
        { name: 'a', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
        { name: 'b', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.annotations['key']" } } },
        { name: 'c', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
        { name: 'd', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
        { name: 'e', valueFrom: { configMapKeyRef: { name: 'cfg', key: 'some-key' } } },
        { name: 'f', valueFrom: { secretKeyRef: { name: 'sec', key: 'some_key.txt', optional: true } } },
        { name: 'g', value: '', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
      ];
    },
    expect: ok,
  },
  {
    name: 'env names with relaxed characters',
    edit: (_d, _pod, ctr) => {
      ctr.env = [
        { name: '1ABC', value: 'x' },
        { name: 'a b', value: 'x' },
        { name: 'a:b', value: 'x' },
      ];
    },
    expect: ok,
  },
  {
    name: 'envFrom with prefix',
    edit: (_d, _pod, ctr) => {
      ctr.envFrom = [{ prefix: 'pre_', configMapRef: { name: 'abc' } }, { secretRef: { name: 'def' } }];
    },
    expect: ok,
  },
  {
    name: 'probes of each kind',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = {
        httpGet: { path: '/', port: 8080, scheme: 'HTTP', httpHeaders: [{ name: 'X-Custom', value: 'v' }] },
        initialDelaySeconds: 0,
        periodSeconds: 10,
        failureThreshold: 3,
        terminationGracePeriodSeconds: 10,
      };
      ctr.readinessProbe = { tcpSocket: { port: 'http' }, successThreshold: 3 };
      ctr.startupProbe = { exec: { command: ['true'] }, failureThreshold: 30 };
      ctr.ports = [{ name: 'http', containerPort: 8080 }];
    },
    expect: ok,
  },
  {
    name: 'grpc probe',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { grpc: { port: 9090, service: 'health' } };
    },
    expect: ok,
  },
  {
    name: 'lifecycle hooks',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { postStart: { exec: { command: ['a'] } }, preStop: { sleep: { seconds: 5 } } };
    },
    expect: ok,
  },
  {
    name: 'httpGet lifecycle handler with a named port',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { httpGet: { path: '/quit', port: 'admin' } } };
    },
    expect: ok,
  },
  {
    name: 'volume mounts',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [
        { name: 'v', mountPath: '/a' },
        { name: 'v', mountPath: '/b', subPath: 'sub/dir', readOnly: true },
        { name: 'v', mountPath: '/c', subPathExpr: '$(POD_NAME)', mountPropagation: 'HostToContainer' },
      ];
    },
    expect: ok,
  },
  {
    name: 'the same volume at one path in two containers',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a' }];
      pod.containers.push({ name: 'two', image: 'image', volumeMounts: [{ name: 'v', mountPath: '/a' }] });
    },
    expect: ok,
  },
  {
    name: 'container securityContext',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = {
        privileged: false,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        runAsUser: 1000,
        capabilities: { add: ['NET_ADMIN'], drop: ['ALL'] },
        procMount: 'Default',
      };
    },
    expect: ok,
  },
  {
    name: 'privileged container',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { privileged: true };
    },
    expect: ok,
  },
  {
    name: 'init containers and a sidecar',
    edit: (_d, pod) => {
      pod.initContainers = [
        { name: 'init', image: 'image' },
        {
          name: 'sidecar',
          image: 'image',
          restartPolicy: 'Always',
          readinessProbe: { exec: { command: ['x'] } },
          startupProbe: { exec: { command: ['x'] } },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'image with a digest and a registry port',
    edit: (_d, _pod, ctr) => {
      ctr.image = 'registry.example.com:5000/team/app@sha256:' + 'a'.repeat(64);
    },
    expect: ok,
  },
  {
    name: 'hugepages requested with memory',
    edit: (_d, _pod, ctr) => {
      ctr.resources = {
        requests: { 'hugepages-2Mi': '128Mi', memory: '128Mi' },
        limits: { 'hugepages-2Mi': '128Mi', memory: '128Mi' },
      };
    },
    expect: ok,
  },
  {
    name: 'extended resource only in limits (request defaulted)',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { limits: { 'example.com/a': '2' } };
    },
    expect: ok,
  },
  {
    name: 'resize policy',
    edit: (_d, _pod, ctr) => {
      ctr.resizePolicy = [
        { resourceName: 'cpu', restartPolicy: 'NotRequired' },
        { resourceName: 'memory', restartPolicy: 'RestartContainer' },
      ];
    },
    expect: ok,
  },
  {
    name: 'container port 65535 and hostPort with hostIP',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ containerPort: 65535, hostPort: 80, hostIP: '10.0.0.1' }];
    },
    expect: ok,
  },
  {
    name: 'same containerPort with different protocols',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [
        { containerPort: 53, protocol: 'TCP' },
        { containerPort: 53, protocol: 'UDP' },
      ];
    },
    expect: ok,
  },

  // --- core: pod spec failure cases ---
  {
    name: 'bad volume name',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'Bad_Name', emptyDir: {} }];
    },
    expect: ['deployment/volume-names', 'spec.template.spec.volumes[0].name'],
  },
  {
    name: 'duplicate volume name',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'a', emptyDir: {} },
        { name: 'a', emptyDir: {} },
      ];
    },
    expect: ['deployment/volume-names', 'spec.template.spec.volumes[1].name'],
  },
  {
    name: 'no containers',
    edit: (_d, pod) => {
      pod.containers = [];
    },
    expect: ['deployment/containers-required', 'spec.template.spec.containers'],
  },
  {
    name: 'unknown dnsPolicy',
    edit: (_d, pod) => {
      pod.dnsPolicy = 'Invalid';
    },
    expect: ['schema/enum', 'spec.template.spec.dnsPolicy'],
  },
  {
    name: 'invalid serviceAccountName',
    edit: (_d, pod) => {
      pod.serviceAccountName = 'invalidName';
    },
    expect: ['schema/format', 'spec.template.spec.serviceAccountName'],
  },
  {
    name: 'invalid nodeName',
    edit: (_d, pod) => {
      pod.nodeName = 'Bad_Node';
    },
    expect: ['schema/format', 'spec.template.spec.nodeName'],
  },
  {
    name: 'invalid nodeSelector key',
    edit: (_d, pod) => {
      pod.nodeSelector = { 'NoUppercaseOrSpecialCharsLike=Equals': 'bar' };
    },
    expect: ['metadata/labels', 'spec.template.spec.nodeSelector["NoUppercaseOrSpecialCharsLike=Equals"]'],
  },
  {
    name: 'invalid nodeSelector value',
    edit: (_d, pod) => {
      pod.nodeSelector = { key: 'bad value' };
    },
    expect: ['metadata/labels', 'spec.template.spec.nodeSelector.key'],
  },
  {
    name: 'hostNetwork with hostPort different from containerPort',
    edit: (_d, pod, ctr) => {
      pod.hostNetwork = true;
      ctr.ports = [{ containerPort: 8080, hostPort: 8081 }];
    },
    expect: ['deployment/container-ports', 'spec.template.spec.containers[0].ports[0].containerPort'],
  },
  {
    name: 'imagePullSecret with more than a name',
    edit: (_d, pod) => {
      pod.imagePullSecrets = [{ name: 'a', namespace: 'b' }];
    },
    expect: ['schema/unknown-field', 'spec.template.spec.imagePullSecrets[0].namespace'],
  },
  {
    name: 'invalid priorityClassName',
    edit: (_d, pod) => {
      pod.priorityClassName = 'InvalidName';
    },
    expect: ['schema/format', 'spec.template.spec.priorityClassName'],
  },
  {
    name: 'invalid runtimeClassName',
    edit: (_d, pod) => {
      pod.runtimeClassName = 'invalid/sandbox';
    },
    expect: ['schema/format', 'spec.template.spec.runtimeClassName'],
  },
  {
    name: 'shareProcessNamespace with hostPID',
    edit: (_d, pod) => {
      pod.shareProcessNamespace = true;
      pod.hostPID = true;
    },
    expect: ['deployment/pod-security', 'spec.template.spec.shareProcessNamespace'],
  },
  {
    name: 'invalid hostname',
    edit: (_d, pod) => {
      pod.hostname = 'Bad.Host';
    },
    expect: ['schema/format', 'spec.template.spec.hostname'],
  },
  {
    name: 'invalid subdomain',
    edit: (_d, pod) => {
      pod.subdomain = 'bad_sub';
    },
    expect: ['schema/format', 'spec.template.spec.subdomain'],
  },
  {
    name: 'negative terminationGracePeriodSeconds',
    edit: (_d, pod) => {
      pod.terminationGracePeriodSeconds = -1;
    },
    expect: ok,
  },
  {
    name: 'dnsPolicy None without nameservers',
    edit: (_d, pod) => {
      pod.dnsPolicy = 'None';
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.dnsConfig'],
  },
  {
    name: 'more than three nameservers',
    edit: (_d, pod) => {
      pod.dnsConfig = { nameservers: ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'] };
    },
    expect: ['schema/length', 'spec.template.spec.dnsConfig.nameservers'],
  },
  {
    name: 'nameserver not an IP',
    edit: (_d, pod) => {
      pod.dnsConfig = { nameservers: ['invalid'] };
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.dnsConfig.nameservers[0]'],
  },
  // Search paths are checked leniently upstream (underscores allowed), so no format is enforced here.
  {
    name: 'search path with an underscore',
    edit: (_d, pod) => {
      pod.dnsConfig = { searches: ['my_search.example.com'] };
    },
    expect: ok,
  },
  {
    name: 'search path with uppercase letters',
    edit: (_d, pod) => {
      pod.dnsConfig = { searches: ['Example.com'] };
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.dnsConfig.searches[0]'],
  },
  {
    name: 'more than 32 search paths',
    edit: (_d, pod) => {
      pod.dnsConfig = { searches: Array.from({ length: 33 }, (_, i) => `s${i}.example.com`) };
    },
    expect: ['schema/length', 'spec.template.spec.dnsConfig.searches'],
  },
  {
    name: 'dnsConfig option without a name',
    edit: (_d, pod) => {
      pod.dnsConfig = { options: [{ value: '2' }] };
    },
    expect: ['schema/required', 'spec.template.spec.dnsConfig.options[0].name'],
  },
  {
    name: 'hostAlias with an invalid IP',
    edit: (_d, pod) => {
      pod.hostAliases = [{ ip: '999.1.1.1', hostnames: ['host1'] }];
    },
    expect: ['schema/format', 'spec.template.spec.hostAliases[0].ip'],
  },
  {
    name: 'hostAlias with an invalid hostname',
    edit: (_d, pod) => {
      pod.hostAliases = [{ ip: '1.2.3.4', hostnames: ['@#$^#@#$'] }];
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.hostAliases[0].hostnames[0]'],
  },
  {
    name: 'readinessGate not a qualified name',
    edit: (_d, pod) => {
      pod.readinessGates = [{ conditionType: 'invalid/condition/type' }];
    },
    expect: ['schema/format', 'spec.template.spec.readinessGates[0].conditionType'],
  },
  {
    name: 'schedulingGate not a qualified name',
    edit: (_d, pod) => {
      pod.schedulingGates = [{ name: 'invalid name' }];
    },
    expect: ['schema/format', 'spec.template.spec.schedulingGates[0].name'],
  },
  {
    name: 'duplicate schedulingGate',
    edit: (_d, pod) => {
      pod.schedulingGates = [{ name: 'foo' }, { name: 'foo' }];
    },
    expect: ['deployment/scheduling-gates', 'spec.template.spec.schedulingGates[1].name'],
  },
  {
    name: 'unknown os name',
    edit: (_d, pod) => {
      pod.os = { name: 'dummyOS' };
    },
    expect: ['schema/enum', 'spec.template.spec.os.name'],
  },
  {
    name: 'windows pod with a linux-only field',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.securityContext = { seLinuxOptions: { role: 'r' } };
    },
    expect: ['deployment/pod-os', 'spec.template.spec.securityContext.seLinuxOptions'],
  },
  {
    name: 'linux pod with windowsOptions in a container',
    edit: (_d, pod, ctr) => {
      pod.os = { name: 'linux' };
      ctr.securityContext = { windowsOptions: { runAsUserName: 'x' } };
    },
    expect: ['deployment/pod-os', 'spec.template.spec.containers[0].securityContext.windowsOptions'],
  },
  {
    name: 'windowsOptions without os',
    edit: (_d, pod) => {
      pod.securityContext = { windowsOptions: { runAsUserName: 'x' }, runAsUser: 1000 };
    },
    expect: ok,
  },
  {
    name: 'negative runAsUser',
    edit: (_d, pod) => {
      pod.securityContext = { runAsUser: -1 };
    },
    expect: ['schema/range', 'spec.template.spec.securityContext.runAsUser'],
  },
  {
    name: 'negative fsGroup',
    edit: (_d, pod) => {
      pod.securityContext = { fsGroup: -1 };
    },
    expect: ['schema/range', 'spec.template.spec.securityContext.fsGroup'],
  },
  {
    name: 'supplementalGroup out of range',
    edit: (_d, pod) => {
      pod.securityContext = { supplementalGroups: [2147483648] };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.supplementalGroups[0]'],
  },
  {
    name: 'invalid sysctl name',
    edit: (_d, pod) => {
      pod.securityContext = { sysctls: [{ name: 'foo-', value: 'bar' }] };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.sysctls[0].name'],
  },
  {
    name: 'duplicate sysctl',
    edit: (_d, pod) => {
      pod.securityContext = {
        sysctls: [
          { name: 'kernel.msgmax', value: '1' },
          { name: 'kernel.msgmax', value: '2' },
        ],
      };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.sysctls[1].name'],
  },
  {
    name: 'Localhost seccomp profile without a path',
    edit: (_d, pod) => {
      pod.securityContext = { seccompProfile: { type: 'Localhost' } };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.seccompProfile.localhostProfile'],
  },
  {
    name: 'RuntimeDefault seccomp profile with a path',
    edit: (_d, pod) => {
      pod.securityContext = { seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'x.json' } };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.seccompProfile.localhostProfile'],
  },
  {
    name: 'hostUsers false with hostNetwork',
    edit: (_d, pod) => {
      pod.hostUsers = false;
      pod.hostNetwork = true;
    },
    expect: ['deployment/pod-security', 'spec.template.spec.hostNetwork'],
  },
  {
    name: 'hostUsers false alone',
    edit: (_d, pod) => {
      pod.hostUsers = false;
    },
    expect: ok,
  },
  {
    name: 'Localhost AppArmor profile without a name',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { appArmorProfile: { type: 'Localhost' } };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.containers[0].securityContext.appArmorProfile.localhostProfile'],
  },
  {
    name: 'RuntimeDefault AppArmor profile',
    edit: (_d, pod) => {
      pod.securityContext = { appArmorProfile: { type: 'RuntimeDefault' } };
    },
    expect: ok,
  },
  {
    name: 'unknown httpGet scheme',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { httpGet: { port: 80, scheme: 'FTP' } };
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].livenessProbe.httpGet.scheme'],
  },
  {
    name: 'projected source with two projections',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ configMap: { name: 'a' }, secret: { name: 'b' } }] } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0]'],
  },
  {
    name: 'service account token without a path',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ serviceAccountToken: { path: '' } }] } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].projected.sources[0].serviceAccountToken.path'],
  },
  {
    name: 'image volume with an empty reference in a template',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', image: { reference: '' } }];
    },
    expect: ok,
  },
  {
    name: 'secret volume with an empty secretName',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', secret: { secretName: '' } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].secret.secretName'],
  },
  {
    name: 'unknown fsGroupChangePolicy',
    edit: (_d, pod) => {
      pod.securityContext = { fsGroupChangePolicy: 'Sometimes' };
    },
    expect: ['schema/enum', 'spec.template.spec.securityContext.fsGroupChangePolicy'],
  },
  {
    name: 'unknown preemptionPolicy',
    edit: (_d, pod) => {
      pod.preemptionPolicy = 'Maybe';
    },
    expect: ['schema/enum', 'spec.template.spec.preemptionPolicy'],
  },
  {
    name: 'unknown seccomp profile type',
    edit: (_d, pod) => {
      pod.securityContext = { seccompProfile: { type: 'Custom' } };
    },
    expect: ['schema/enum', 'spec.template.spec.securityContext.seccompProfile.type'],
  },
  {
    name: 'unknown procMount',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { procMount: 'Partial' };
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].securityContext.procMount'],
  },
  {
    name: 'unknown resize restart policy',
    edit: (_d, _pod, ctr) => {
      ctr.resizePolicy = [{ resourceName: 'cpu', restartPolicy: 'Sometimes' }];
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].resizePolicy[0].restartPolicy'],
  },
  {
    name: 'unknown topology nodeAffinityPolicy',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', nodeAffinityPolicy: 'Maybe' },
      ];
    },
    expect: ['schema/enum', 'spec.template.spec.topologySpreadConstraints[0].nodeAffinityPolicy'],
  },
  {
    name: 'unknown seLinuxChangePolicy',
    edit: (_d, pod) => {
      pod.securityContext = { seLinuxChangePolicy: 'Never' };
    },
    expect: ['schema/enum', 'spec.template.spec.securityContext.seLinuxChangePolicy'],
  },
  {
    name: 'unknown recursiveReadOnly',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', readOnly: true, recursiveReadOnly: 'Always' }];
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].volumeMounts[0].recursiveReadOnly'],
  },
  {
    name: 'toleration Exists with a value',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: 'foo', operator: 'Exists', value: 'bar' }];
    },
    expect: ['deployment/pod-tolerations', 'spec.template.spec.tolerations[0].operator'],
  },
  {
    name: 'toleration without a key must be Exists',
    edit: (_d, pod) => {
      pod.tolerations = [{ operator: 'Equal', value: 'bar' }];
    },
    expect: ['deployment/pod-tolerations', 'spec.template.spec.tolerations[0].operator'],
  },
  {
    name: 'toleration key not a label key',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: 'nospecialchars^=@', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }];
    },
    expect: ['schema/format', 'spec.template.spec.tolerations[0].key'],
  },
  {
    name: 'toleration value not a label value',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: 'foo', operator: 'Equal', value: 'bad value' }];
    },
    expect: ['schema/format', 'spec.template.spec.tolerations[0].value'],
  },
  {
    name: 'tolerationSeconds without NoExecute',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: 'foo', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 20 }];
    },
    expect: ['deployment/pod-tolerations', 'spec.template.spec.tolerations[0].effect'],
  },
  {
    name: 'unknown toleration effect',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: 'foo', operator: 'Exists', effect: 'Invalid' }];
    },
    expect: ['schema/enum', 'spec.template.spec.tolerations[0].effect'],
  },
  {
    name: 'unknown toleration operator',
    edit: (_d, pod) => {
      pod.tolerations = [{ key: 'foo', operator: 'In', value: 'bar' }];
    },
    expect: ['schema/enum', 'spec.template.spec.tolerations[0].operator'],
  },
  {
    name: 'node affinity with no terms',
    edit: (_d, pod) => {
      pod.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } };
    },
    expect: [
      'deployment/node-affinity',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms',
    ],
  },
  {
    name: 'node selector In without values',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'In' }] }],
          },
        },
      };
    },
    expect: [
      'deployment/node-affinity',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
    ],
  },
  {
    name: 'node selector Exists with values',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'Exists', values: ['v'] }] }],
          },
        },
      };
    },
    expect: [
      'deployment/node-affinity',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
    ],
  },
  {
    name: 'node selector Gt with two values',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'Gt', values: ['1', '2'] }] }],
          },
        },
      };
    },
    expect: [
      'deployment/node-affinity',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values',
    ],
  },
  {
    name: 'node selector key not a label key',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'invalid key ___@#', operator: 'Exists' }] }],
          },
        },
      };
    },
    expect: [
      'schema/format',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key',
    ],
  },
  {
    name: 'matchFields on a field other than metadata.name',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.namespace', operator: 'In', values: ['a'] }] }],
          },
        },
      };
    },
    expect: [
      'deployment/node-affinity',
      'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key',
    ],
  },
  {
    name: 'preferred weight out of range',
    edit: (_d, pod) => {
      pod.affinity = {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 199, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
          ],
        },
      };
    },
    expect: [
      'schema/range',
      'spec.template.spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight',
    ],
  },
  {
    name: 'pod affinity term without topologyKey',
    edit: (_d, pod) => {
      pod.affinity = {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { a: 'b' } }, topologyKey: '' }],
        },
      };
    },
    expect: [
      'schema/format',
      'spec.template.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey',
    ],
  },
  {
    name: 'pod anti-affinity weight 0',
    edit: (_d, pod) => {
      pod.affinity = {
        podAntiAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 0, podAffinityTerm: { labelSelector: { matchLabels: { a: 'b' } }, topologyKey: 'zone' } },
          ],
        },
      };
    },
    expect: [
      'schema/range',
      'spec.template.spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight',
    ],
  },
  {
    name: 'pod affinity with an invalid namespace',
    edit: (_d, pod) => {
      pod.affinity = {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchLabels: { a: 'b' } }, topologyKey: 'zone', namespaces: ['INVALID_NS'] },
          ],
        },
      };
    },
    expect: [
      'deployment/pod-affinity',
      'spec.template.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespaces[0]',
    ],
  },
  {
    name: 'topology spread maxSkew 0',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ maxSkew: 0, topologyKey: 'k8s.io/zone', whenUnsatisfiable: 'DoNotSchedule' }];
    },
    expect: ['schema/range', 'spec.template.spec.topologySpreadConstraints[0].maxSkew'],
  },
  {
    name: 'topology spread without topologyKey',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: '', whenUnsatisfiable: 'DoNotSchedule' }];
    },
    expect: ['schema/length', 'spec.template.spec.topologySpreadConstraints[0].topologyKey'],
  },
  {
    name: 'topology spread unknown whenUnsatisfiable',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'k8s.io/zone', whenUnsatisfiable: 'N/A' }];
    },
    expect: ['schema/enum', 'spec.template.spec.topologySpreadConstraints[0].whenUnsatisfiable'],
  },
  {
    name: 'topology spread key that is not a label key (only emptiness is checked)',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'Zone Name', whenUnsatisfiable: 'DoNotSchedule' }];
    },
    expect: ok,
  },
  {
    name: 'pod affinity selector In without values',
    edit: (_d, pod) => {
      pod.affinity = {
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            { labelSelector: { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] }, topologyKey: 'zone' },
          ],
        },
      };
    },
    expect: [
      'deployment/template-selectors',
      'spec.template.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values',
    ],
  },
  {
    name: 'topology spread duplicate key and action',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        { maxSkew: 1, topologyKey: 'k8s.io/zone', whenUnsatisfiable: 'DoNotSchedule' },
        { maxSkew: 2, topologyKey: 'k8s.io/zone', whenUnsatisfiable: 'DoNotSchedule' },
      ];
    },
    expect: ['deployment/topology-spread', 'spec.template.spec.topologySpreadConstraints[1]'],
  },
  {
    name: 'topology spread minDomains 0',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        { maxSkew: 1, topologyKey: 'k8s.io/zone', whenUnsatisfiable: 'DoNotSchedule', minDomains: 0 },
      ];
    },
    expect: ['schema/range', 'spec.template.spec.topologySpreadConstraints[0].minDomains'],
  },
  {
    name: 'topology spread minDomains with ScheduleAnyway',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        { maxSkew: 1, topologyKey: 'k8s.io/zone', whenUnsatisfiable: 'ScheduleAnyway', minDomains: 3 },
      ];
    },
    expect: ['deployment/topology-spread', 'spec.template.spec.topologySpreadConstraints[0].minDomains'],
  },
  // The selector merge (on by default in current releases) only refuses a key the selector itself names twice.
  {
    name: 'topology spread matchLabelKeys key also in the selector',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        {
          maxSkew: 1,
          topologyKey: 'k8s.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: { matchLabels: { foo: 'bar' } },
          matchLabelKeys: ['foo'],
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'topology spread matchLabelKeys key named twice in the selector',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [
        {
          maxSkew: 1,
          topologyKey: 'k8s.io/zone',
          whenUnsatisfiable: 'DoNotSchedule',
          labelSelector: { matchLabels: { foo: 'bar' }, matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] },
          matchLabelKeys: ['foo'],
        },
      ];
    },
    expect: ['deployment/topology-spread', 'spec.template.spec.topologySpreadConstraints[0].matchLabelKeys[0]'],
  },

  // --- core: container failure cases ---
  {
    name: 'container name not a DNS label',
    edit: (_d, _pod, ctr) => {
      ctr.name = 'Bad_Name';
    },
    expect: ['deployment/container-name', 'spec.template.spec.containers[0].name'],
  },
  {
    name: 'duplicate container names',
    edit: (_d, pod) => {
      pod.containers.push({ name: 'ctr', image: 'image' });
    },
    expect: ['deployment/container-name', 'spec.template.spec.containers[1].name'],
  },
  {
    name: 'init container named like a container',
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'ctr', image: 'image' }];
    },
    expect: ['deployment/container-name', 'spec.template.spec.initContainers[0].name'],
  },
  {
    name: 'container without image',
    edit: (_d, _pod, ctr) => {
      delete ctr.image;
    },
    expect: ['deployment/container-image', 'spec.template.spec.containers[0].image'],
  },
  {
    name: 'unknown imagePullPolicy',
    edit: (_d, _pod, ctr) => {
      ctr.imagePullPolicy = 'Whenever';
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].imagePullPolicy'],
  },
  {
    name: 'unknown terminationMessagePolicy',
    edit: (_d, _pod, ctr) => {
      ctr.terminationMessagePolicy = 'Unknown';
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].terminationMessagePolicy'],
  },
  {
    name: 'containerPort 0',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ containerPort: 0 }];
    },
    expect: ['deployment/container-ports', 'spec.template.spec.containers[0].ports[0].containerPort'],
  },
  {
    name: 'containerPort 65536',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ containerPort: 65536 }];
    },
    expect: ['deployment/container-ports', 'spec.template.spec.containers[0].ports[0].containerPort'],
  },
  {
    name: 'hostPort 65536',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ containerPort: 80, hostPort: 65536 }];
    },
    expect: ['deployment/container-ports', 'spec.template.spec.containers[0].ports[0].hostPort'],
  },
  {
    name: 'two containers on one host port',
    edit: (_d, pod, ctr) => {
      ctr.ports = [{ containerPort: 80, hostPort: 80 }];
      pod.containers.push({ name: 'two', image: 'image', ports: [{ containerPort: 81, hostPort: 80 }] });
    },
    expect: ['deployment/container-ports', 'spec.template.spec.containers[1].ports[0].hostPort'],
  },
  {
    name: 'two containers with one containerPort on the host network, no hostPort',
    edit: (_d, pod, ctr) => {
      pod.hostNetwork = true;
      ctr.ports = [{ containerPort: 80 }];
      pod.containers.push({ name: 'two', image: 'image', ports: [{ containerPort: 80 }] });
    },
    expect: ok,
  },
  {
    name: 'port name too long',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ name: 'abcdefghijklmnop', containerPort: 80 }];
    },
    expect: ['deployment/port-names', 'spec.template.spec.containers[0].ports[0].name'],
  },
  {
    name: 'port name with no letter',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ name: '123', containerPort: 80 }];
    },
    expect: ['deployment/port-names', 'spec.template.spec.containers[0].ports[0].name'],
  },
  {
    name: 'duplicate port names in a container',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [
        { name: 'http', containerPort: 80 },
        { name: 'http', containerPort: 81 },
      ];
    },
    expect: ['deployment/port-names', 'spec.template.spec.containers[0].ports[1].name'],
  },
  {
    name: 'unknown port protocol',
    edit: (_d, _pod, ctr) => {
      ctr.ports = [{ containerPort: 80, protocol: 'ICMP' }];
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].ports[0].protocol'],
  },
  {
    name: 'empty env name',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: '', value: 'x' }];
    },
    expect: ['deployment/env-names', 'spec.template.spec.containers[0].env[0].name'],
  },
  {
    name: 'env name with =',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a=b', value: 'x' }];
    },
    expect: ['deployment/env-names', 'spec.template.spec.containers[0].env[0].name'],
  },
  {
    name: 'env value and valueFrom',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }];
    },
    expect: ['deployment/env-names', 'spec.template.spec.containers[0].env[0].valueFrom'],
  },
  {
    name: 'env valueFrom with two sources',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 's', key: 'k' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom'],
  },
  {
    name: 'env valueFrom with no source',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: {} }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom'],
  },
  {
    name: 'env fieldRef to an unsupported field',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: { fieldRef: { fieldPath: 'metadata.whoops' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath'],
  },
  {
    name: 'env resourceFieldRef to an unsupported resource',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: { resourceFieldRef: { resource: 'limits.gpu' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.resourceFieldRef.resource'],
  },
  {
    name: 'env secretKeyRef with an invalid key',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: { secretKeyRef: { name: 's', key: 'bad key!' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.key'],
  },
  {
    name: 'env configMapKeyRef without a key',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: { configMapKeyRef: { name: 'c', key: '' } } }];
    },
    expect: ['schema/length', 'spec.template.spec.containers[0].env[0].valueFrom.configMapKeyRef.key'],
  },
  {
    name: 'envFrom with two sources',
    edit: (_d, _pod, ctr) => {
      ctr.envFrom = [{ configMapRef: { name: 'a' }, secretRef: { name: 'b' } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].envFrom[0]'],
  },
  {
    name: 'envFrom with no source',
    edit: (_d, _pod, ctr) => {
      ctr.envFrom = [{ prefix: 'p' }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].envFrom[0]'],
  },
  {
    name: 'envFrom configMapRef name invalid',
    edit: (_d, _pod, ctr) => {
      ctr.envFrom = [{ configMapRef: { name: '$%^&*#' } }];
    },
    expect: ['schema/format', 'spec.template.spec.containers[0].envFrom[0].configMapRef.name'],
  },
  {
    name: 'secretKeyRef name invalid',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'a', valueFrom: { secretKeyRef: { name: 'Bad_Name', key: 'k' } } }];
    },
    expect: ['schema/format', 'spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.name'],
  },
  {
    name: 'exec probe without a command',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { exec: {} };
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].livenessProbe.exec.command'],
  },
  {
    name: 'exec hook with an empty command',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { postStart: { exec: { command: [] } } };
    },
    expect: ['schema/length', 'spec.template.spec.containers[0].lifecycle.postStart.exec.command'],
  },
  {
    name: 'httpGet probe without a path (defaulted to /)',
    edit: (_d, _pod, ctr) => {
      ctr.readinessProbe = { httpGet: { port: 80 } };
    },
    expect: ok,
  },
  {
    name: 'probe without a handler',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { periodSeconds: 5 };
    },
    expect: ['deployment/probe-handler', 'spec.template.spec.containers[0].livenessProbe'],
  },
  {
    name: 'probe with two handlers',
    edit: (_d, _pod, ctr) => {
      ctr.readinessProbe = { exec: { command: ['x'] }, tcpSocket: { port: 80 } };
    },
    expect: ['deployment/probe-handler', 'spec.template.spec.containers[0].readinessProbe.tcpSocket'],
  },
  {
    name: 'httpGet probe port 0',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { httpGet: { port: 0 } };
    },
    expect: ['deployment/probe-handler', 'spec.template.spec.containers[0].livenessProbe.httpGet.port'],
  },
  {
    name: 'tcpSocket probe port name invalid',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { tcpSocket: { port: 'Not_A_Name' } };
    },
    expect: ['deployment/probe-handler', 'spec.template.spec.containers[0].livenessProbe.tcpSocket.port'],
  },
  {
    name: 'liveness successThreshold 2',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { exec: { command: ['x'] }, successThreshold: 2 };
    },
    expect: ['deployment/probe-settings', 'spec.template.spec.containers[0].livenessProbe.successThreshold'],
  },
  {
    name: 'startup successThreshold 2',
    edit: (_d, _pod, ctr) => {
      ctr.startupProbe = { exec: { command: ['x'] }, successThreshold: 2 };
    },
    expect: ['deployment/probe-settings', 'spec.template.spec.containers[0].startupProbe.successThreshold'],
  },
  {
    name: 'negative initialDelaySeconds',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { exec: { command: ['x'] }, initialDelaySeconds: -1 };
    },
    expect: ['deployment/probe-settings', 'spec.template.spec.containers[0].livenessProbe.initialDelaySeconds'],
  },
  {
    name: 'probe terminationGracePeriodSeconds 0',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { exec: { command: ['x'] }, terminationGracePeriodSeconds: 0 };
    },
    expect: ['schema/range', 'spec.template.spec.containers[0].livenessProbe.terminationGracePeriodSeconds'],
  },
  {
    name: 'readiness probe with terminationGracePeriodSeconds',
    edit: (_d, _pod, ctr) => {
      ctr.readinessProbe = { exec: { command: ['x'] }, terminationGracePeriodSeconds: 10 };
    },
    expect: ['deployment/probe-settings', 'spec.template.spec.containers[0].readinessProbe.terminationGracePeriodSeconds'],
  },
  {
    name: 'httpGet header name with a space',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { httpGet: { port: 80, httpHeaders: [{ name: 'X Custom', value: 'v' }] } };
    },
    expect: ['deployment/http-headers', 'spec.template.spec.containers[0].livenessProbe.httpGet.httpHeaders[0].name'],
  },
  {
    name: 'env name beyond ASCII',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'CAFÉ', value: 'x' }];
    },
    expect: ['deployment/env-names', 'spec.template.spec.containers[0].env[0].name'],
  },
  {
    name: 'grpc probe port 0',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { grpc: { port: 0 } };
    },
    expect: ['deployment/probe-handler', 'spec.template.spec.containers[0].livenessProbe.grpc.port'],
  },
  {
    name: 'lifecycle handler with no action',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: {} };
    },
    expect: ['deployment/lifecycle-hooks', 'spec.template.spec.containers[0].lifecycle.preStop'],
  },
  {
    name: 'lifecycle handler with two actions',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { postStart: { exec: { command: ['a'] }, tcpSocket: { port: 80 } } };
    },
    expect: ['deployment/lifecycle-hooks', 'spec.template.spec.containers[0].lifecycle.postStart.tcpSocket'],
  },
  {
    name: 'preStop sleep negative',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: { seconds: -1 } } };
    },
    expect: ['schema/range', 'spec.template.spec.containers[0].lifecycle.preStop.sleep.seconds'],
  },
  {
    name: 'httpGet lifecycle handler without a port',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { httpGet: { path: '/' } } };
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].lifecycle.preStop.httpGet.port'],
  },
  {
    name: 'volumeMount of an unknown volume',
    edit: (_d, _pod, ctr) => {
      ctr.volumeMounts = [{ name: 'missing', mountPath: '/a' }];
    },
    expect: ['deployment/volume-mounts', 'spec.template.spec.containers[0].volumeMounts[0].name'],
  },
  {
    name: 'volumeMount without mountPath',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '' }];
    },
    expect: ['schema/length', 'spec.template.spec.containers[0].volumeMounts[0].mountPath'],
  },
  {
    name: 'two volumeMounts at one path',
    edit: (_d, pod, ctr) => {
      pod.volumes = [
        { name: 'v', emptyDir: {} },
        { name: 'w', emptyDir: {} },
      ];
      ctr.volumeMounts = [
        { name: 'v', mountPath: '/a' },
        { name: 'w', mountPath: '/a' },
      ];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[1].mountPath'],
  },
  {
    name: 'absolute subPath',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', subPath: '/etc' }];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[0].subPath'],
  },
  {
    name: 'subPath with ..',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', subPath: '../x' }];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[0].subPath'],
  },
  {
    name: 'subPath and subPathExpr together',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', subPath: 'x', subPathExpr: '$(Y)' }];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[0].subPathExpr'],
  },
  {
    name: 'unknown mountPropagation',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', mountPropagation: 'Sideways' }];
    },
    expect: ['schema/enum', 'spec.template.spec.containers[0].volumeMounts[0].mountPropagation'],
  },
  {
    name: 'Bidirectional propagation in an unprivileged container',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', mountPropagation: 'Bidirectional' }];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[0].mountPropagation'],
  },
  {
    name: 'request above limit',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { requests: { cpu: '2' }, limits: { cpu: '1' } };
    },
    expect: ['deployment/resource-limits', 'spec.template.spec.containers[0].resources.requests.cpu'],
  },
  {
    name: 'negative quantity',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { requests: { memory: '-1Gi' } };
    },
    expect: ['deployment/resource-quantities', 'spec.template.spec.containers[0].resources.requests.memory'],
  },
  {
    name: 'resource name without a domain',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { limits: { gpu: '1' } };
    },
    expect: ['deployment/resource-names', 'spec.template.spec.containers[0].resources.limits.gpu'],
  },
  {
    name: 'extended resource request below its limit',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { requests: { 'example.com/a': '1' }, limits: { 'example.com/a': '2' } };
    },
    expect: ['deployment/resource-limits', 'spec.template.spec.containers[0].resources.requests["example.com/a"]'],
  },
  {
    name: 'fractional extended resource',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { requests: { 'example.com/a': '500m' }, limits: { 'example.com/a': '500m' } };
    },
    expect: ['deployment/resource-quantities', 'spec.template.spec.containers[0].resources.requests["example.com/a"]'],
  },
  {
    name: 'hugepages without cpu or memory',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { requests: { 'hugepages-2Mi': '128Mi' }, limits: { 'hugepages-2Mi': '128Mi' } };
    },
    expect: ['deployment/resource-quantities', 'spec.template.spec.containers[0].resources'],
  },
  {
    name: 'capability sys_admin with allowPrivilegeEscalation false',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { allowPrivilegeEscalation: false, capabilities: { add: ['CAP_SYS_ADMIN'] } };
    },
    expect: ['deployment/privilege-escalation', 'spec.template.spec.containers[0].securityContext'],
  },
  {
    name: 'privileged with allowPrivilegeEscalation false',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { allowPrivilegeEscalation: false, privileged: true };
    },
    expect: ['deployment/privilege-escalation', 'spec.template.spec.containers[0].securityContext'],
  },
  {
    name: 'negative container runAsUser',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { runAsUser: -1 };
    },
    expect: ['schema/range', 'spec.template.spec.containers[0].securityContext.runAsUser'],
  },
  {
    name: 'init container with a probe',
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'init', image: 'image', readinessProbe: { exec: { command: ['x'] } } }];
    },
    expect: ['deployment/init-containers', 'spec.template.spec.initContainers[0].readinessProbe'],
  },
  {
    name: 'init container with a lifecycle',
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'init', image: 'image', lifecycle: { preStop: { exec: { command: ['x'] } } } }];
    },
    expect: ['deployment/init-containers', 'spec.template.spec.initContainers[0].lifecycle'],
  },
  {
    name: 'sidecar readinessProbe is fine but regular init ports may be duplicated',
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'init', image: 'image', ports: [{ containerPort: 80 }] }];
    },
    expect: ok,
  },
  {
    name: 'resize policy unknown resource',
    edit: (_d, _pod, ctr) => {
      ctr.resizePolicy = [{ resourceName: 'gpu', restartPolicy: 'NotRequired' }];
    },
    expect: ['deployment/resize-policy', 'spec.template.spec.containers[0].resizePolicy[0].resourceName'],
  },
  {
    name: 'duplicate resize policy',
    edit: (_d, _pod, ctr) => {
      ctr.resizePolicy = [
        { resourceName: 'cpu', restartPolicy: 'NotRequired' },
        { resourceName: 'cpu', restartPolicy: 'RestartContainer' },
      ];
    },
    expect: ['deployment/resize-policy', 'spec.template.spec.containers[0].resizePolicy[1].resourceName'],
  },

  {
    name: 'pod resource claims and a container using them',
    edit: (_d, pod, ctr) => {
      pod.resourceClaims = [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }];
      ctr.resources = { claims: [{ name: 'gpu' }] };
    },
    expect: ok,
  },
  {
    name: 'container claim naming no pod claim',
    edit: (_d, pod, ctr) => {
      pod.resourceClaims = [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }];
      ctr.resources = { claims: [{ name: 'other' }] };
    },
    expect: ['deployment/resource-claims', 'spec.template.spec.containers[0].resources.claims[0]'],
  },
  {
    name: 'pod resource claim without a source',
    edit: (_d, pod) => {
      pod.resourceClaims = [{ name: 'gpu' }];
    },
    expect: ['deployment/resource-claims', 'spec.template.spec.resourceClaims[0]'],
  },

  {
    name: 'block device from a claim',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }];
      ctr.volumeDevices = [{ name: 'v', devicePath: '/dev/xvda' }];
    },
    expect: ok,
  },
  {
    name: 'block device from an emptyDir',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeDevices = [{ name: 'v', devicePath: '/dev/xvda' }];
    },
    expect: ['deployment/volume-devices', 'spec.template.spec.containers[0].volumeDevices[0].name'],
  },

  // --- core: volume failure cases ---
  {
    name: 'volume with two sources',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', emptyDir: {}, hostPath: { path: '/a' } }];
    },
    expect: ['deployment/volume-names', 'spec.template.spec.volumes[0]'],
  },
  {
    name: 'hostPath without path',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', hostPath: { path: '' } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].hostPath.path'],
  },
  {
    name: 'hostPath with ..',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', hostPath: { path: '/a/../b' } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].hostPath.path'],
  },
  {
    name: 'unknown hostPath type',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', hostPath: { path: '/a', type: 'Folder' } }];
    },
    expect: ['schema/enum', 'spec.template.spec.volumes[0].hostPath.type'],
  },
  {
    name: 'secret volume without secretName',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', secret: {} }];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].secret.secretName'],
  },
  {
    name: 'configMap volume without name',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', configMap: {} }];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].configMap.name'],
  },
  {
    name: 'configMap item without a key',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', configMap: { name: 'c', items: [{ key: '', path: 'p' }] } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].configMap.items[0].key'],
  },
  {
    name: 'csi driver name not a DNS subdomain',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', csi: { driver: 'Bad_Driver' } }];
    },
    expect: ['deployment/volume-names', 'spec.template.spec.volumes[0].csi.driver'],
  },
  // The server lowercases the driver name before checking it.
  {
    name: 'csi driver name with capitals',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', csi: { driver: 'CSI.Example.com' } }];
    },
    expect: ok,
  },
  {
    name: 'ephemeral volume without a claim template',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', ephemeral: {} }];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate'],
  },
  {
    name: 'secret volume defaultMode above 0777',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', secret: { secretName: 's', defaultMode: 0o1000 } }];
    },
    expect: ['schema/range', 'spec.template.spec.volumes[0].secret.defaultMode'],
  },
  {
    name: 'configMap item with an absolute path',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', configMap: { name: 'c', items: [{ key: 'k', path: '/abs' }] } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].configMap.items[0].path'],
  },
  {
    name: 'configMap item path with ..',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', configMap: { name: 'c', items: [{ key: 'k', path: '../x' }] } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].configMap.items[0].path'],
  },
  {
    name: 'persistentVolumeClaim without claimName',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', persistentVolumeClaim: { claimName: '' } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].persistentVolumeClaim.claimName'],
  },
  // The medium is not checked by the server (the kubelet fails the pod instead).
  {
    name: 'unknown emptyDir medium',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', emptyDir: { medium: 'Disk' } }];
    },
    expect: ok,
  },
  {
    name: 'emptyDir with a negative sizeLimit',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', emptyDir: { sizeLimit: '-1Gi' } }];
    },
    expect: ['deployment/resource-quantities', 'spec.template.spec.volumes[0].emptyDir.sizeLimit'],
  },
  {
    name: 'downwardAPI item with an unsupported field',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', downwardAPI: { items: [{ path: 'x', fieldRef: { fieldPath: 'status.podIP' } }] } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].downwardAPI.items[0].fieldRef.fieldPath'],
  },
  {
    name: 'nfs without server',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', nfs: { server: '', path: '/x' } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].nfs.server'],
  },
  {
    name: 'csi without driver',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', csi: { driver: '' } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].csi.driver'],
  },
  {
    name: 'projected service account token with a short expiry',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 60 } }] } }];
    },
    expect: ['schema/range', 'spec.template.spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds'],
  },

  // --- fields the types mark required that no validation function refuses when absent
  // (pkg/apis/core/validation/validation.go at 000f26050b9be6fb3d79fae95e06b47fc96128cd) ---
  {
    name: 'httpGet header with a name and no value (validateHTTPGetAction checks names only)',
    edit: (_d, _pod, ctr) => {
      ctr.readinessProbe = { httpGet: { path: '/', port: 8080, httpHeaders: [{ name: 'X-Empty' }] } };
    },
    expect: ok,
  },
  {
    name: 'preStop sleep without seconds (validateSleepAction accepts 0)',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: {} } };
    },
    expect: ok,
  },
  {
    name: 'iscsi volume without lun (validateISCSIVolumeSource: 0 is in 0-255)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2015-02.example.com:test' } }];
    },
    expect: ok,
  },
  {
    name: 'scaleIO volume without secretRef (validateScaleIOVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', scaleIO: { gateway: 'https://gw', system: 'sys', volumeName: 'vol' } }];
    },
    expect: ok,
  },
  {
    name: 'sysctl without a value (validateSysctls checks names only)',
    edit: (_d, pod) => {
      pod.securityContext = { sysctls: [{ name: 'kernel.shm_rmid_forced' }] };
    },
    expect: ok,
  },
  {
    name: 'preferred node affinity term without preference (ValidatePreferredSchedulingTerms)',
    edit: (_d, pod) => {
      pod.affinity = { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10 }] } };
    },
    expect: ok,
  },
  // validateObjectFieldSelector converts the path first (pkg/apis/core/pods/helpers.go,
  // ConvertDownwardAPIFieldLabel, at 10bc1f5f0a5a9713de310636678e353a96150f09).
  {
    name: 'env fieldRef spec.host, read as spec.nodeName (ConvertDownwardAPIFieldLabel)',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'NODE', valueFrom: { fieldRef: { fieldPath: 'spec.host' } } }];
    },
    expect: ok,
  },
  {
    name: 'downwardAPI file spec.host: spec.nodeName is not a file field (validateDownwardAPIVolumeFile)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', downwardAPI: { items: [{ path: 'node', fieldRef: { fieldPath: 'spec.host' } }] } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].downwardAPI.items[0].fieldRef.fieldPath'],
  },

  // --- pod-template refusals added from the source (kubernetes/kubernetes
  // pkg/apis/core/validation/validation.go at 000f26050b9be6fb3d79fae95e06b47fc96128cd, the function in
  // each name; pkg/apis/core/pods/helpers.go ConvertDownwardAPIFieldLabel; component-helpers
  // resource IsSupportedPodLevelResource and AggregateContainerRequests; PodLevelResources on at 1.37) ---
  {
    name: 'pod-level cpu and memory within limits (validatePodResources)',
    edit: (_d, pod, ctr) => {
      pod.resources = { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '2', memory: '2Gi' } };
      ctr.resources = { requests: { cpu: '500m' }, limits: { cpu: '1' } };
    },
    expect: ok,
  },
  {
    name: 'pod-level ephemeral-storage is not supported (validatePodResourceName)',
    edit: (_d, pod) => {
      pod.resources = { requests: { 'ephemeral-storage': '1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.requests.ephemeral-storage'],
  },
  {
    name: 'pod-level extended resource is not supported (validatePodResourceName)',
    edit: (_d, pod) => {
      pod.resources = { limits: { 'example.com/gpu': '1' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.limits["example.com/gpu"]'],
  },
  {
    name: 'pod-level claims are forbidden (validatePodResources)',
    edit: (_d, pod) => {
      pod.resourceClaims = [{ name: 'gpu', resourceClaimTemplateName: 't' }];
      pod.resources = { claims: [{ name: 'gpu' }] };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.claims'],
  },
  {
    name: 'pod-level request above its limit (validateResourceRequirements)',
    edit: (_d, pod) => {
      pod.resources = { requests: { cpu: '2' }, limits: { cpu: '1' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.requests.cpu'],
  },
  {
    name: 'pod-level negative memory (ValidateResourceQuantityValue)',
    edit: (_d, pod) => {
      pod.resources = { limits: { memory: '-1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.limits.memory'],
  },
  {
    name: 'pod request below the containers together (validatePodResourceConsistency)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { requests: { cpu: '600m' } };
      pod.containers.push({ name: 'two', image: 'image', resources: { requests: { cpu: '600m' } } });
      pod.resources = { requests: { cpu: '1' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.requests.cpu'],
  },
  {
    name: 'pod request covers the largest init container (AggregateContainerRequests)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { requests: { cpu: '200m' } };
      pod.initContainers = [{ name: 'init', image: 'image', resources: { requests: { cpu: '1' } } }];
      pod.resources = { requests: { cpu: '1' } };
    },
    expect: ok,
  },
  {
    name: 'sidecar requests add to the containers (AggregateContainerRequests)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { requests: { cpu: '800m' } };
      pod.initContainers = [{ name: 'proxy', image: 'image', restartPolicy: 'Always', resources: { requests: { cpu: '300m' } } }];
      pod.resources = { requests: { cpu: '1' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.requests.cpu'],
  },
  {
    name: 'container limit above the pod limit (validatePodResourceConsistency)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { memory: '2Gi' } };
      pod.resources = { limits: { memory: '1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.containers[0].resources.limits.memory'],
  },
  {
    name: 'overhead with a resource name without a domain (validateOverhead)',
    edit: (_d, pod) => {
      pod.overhead = { gpu: '1' };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.overhead.gpu'],
  },
  {
    name: 'overhead with a negative quantity (validateOverhead)',
    edit: (_d, pod) => {
      pod.overhead = { cpu: '-250m' };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.overhead.cpu'],
  },
  {
    name: 'overhead with huge pages only (validateResourceRequirements)',
    edit: (_d, pod) => {
      pod.overhead = { 'hugepages-2Mi': '2Mi' };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.overhead'],
  },
  {
    name: 'hostProcess pod with host network (validateWindowsHostProcessPod)',
    edit: (_d, pod) => {
      pod.hostNetwork = true;
      pod.securityContext = { windowsOptions: { hostProcess: true } };
    },
    expect: ok,
  },
  {
    name: 'hostProcess without host network (validateWindowsHostProcessPod)',
    edit: (_d, pod) => {
      pod.securityContext = { windowsOptions: { hostProcess: true } };
    },
    expect: ['deployment/host-process', 'spec.template.spec.hostNetwork'],
  },
  {
    name: 'container hostProcess contradicts the pod (validateWindowsHostProcessPod)',
    edit: (_d, pod, ctr) => {
      pod.hostNetwork = true;
      pod.securityContext = { windowsOptions: { hostProcess: true } };
      ctr.securityContext = { windowsOptions: { hostProcess: false } };
    },
    expect: ['deployment/host-process', 'spec.template.spec.containers[0].securityContext.windowsOptions.hostProcess'],
  },
  {
    name: 'some containers hostProcess, others not (validateWindowsHostProcessPod)',
    edit: (_d, pod, ctr) => {
      pod.hostNetwork = true;
      ctr.securityContext = { windowsOptions: { hostProcess: true } };
      pod.containers.push({ name: 'two', image: 'image' });
    },
    expect: ['deployment/host-process', 'spec.template.spec'],
  },
  {
    name: 'ephemeral claim template without storage (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'] } } } }];
    },
    expect: [
      'deployment/volume-sources',
      'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.requests.storage',
    ],
  },
  {
    name: 'ephemeral claim template with zero storage (ValidatePositiveQuantityValue)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '0' } } } },
          },
        },
      ];
    },
    expect: [
      'deployment/volume-sources',
      'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.requests.storage',
    ],
  },
  {
    name: 'ephemeral claim template without access modes (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', ephemeral: { volumeClaimTemplate: { spec: { resources: { requests: { storage: '1Gi' } } } } } },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes'],
  },
  {
    name: 'ephemeral claim template mixing ReadWriteOncePod (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: { accessModes: ['ReadWriteOncePod', 'ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes'],
  },
  {
    name: 'ephemeral claim template with a name (ValidateTemplateObjectMeta)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              metadata: { name: 'x' },
              spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.name'],
  },
  {
    name: 'ephemeral claim template with labels and annotations (ValidateTemplateObjectMeta)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              metadata: { labels: { app: 'x' }, annotations: { 'example.com/a': 'b' } },
              spec: { accessModes: ['ReadWriteOncePod'], resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'ephemeral claim template label value invalid (ValidateTemplateObjectMeta)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              metadata: { labels: { app: 'bad value' } },
              spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.labels.app'],
  },
  {
    name: 'envFrom prefix with = (ValidateEnvFrom)',
    edit: (_d, _pod, ctr) => {
      ctr.envFrom = [{ prefix: 'A=B', configMapRef: { name: 'c' } }];
    },
    expect: ['deployment/env-names', 'spec.template.spec.containers[0].envFrom[0].prefix'],
  },
  {
    name: 'envFrom prefix with relaxed characters (ValidateEnvFrom)',
    edit: (_d, _pod, ctr) => {
      ctr.envFrom = [{ prefix: '1-pre.fix ', configMapRef: { name: 'c' } }];
    },
    expect: ok,
  },
  {
    name: 'preStop sleep longer than the default grace period (validateSleepAction)',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: { seconds: 31 } } };
    },
    expect: ['deployment/lifecycle-hooks', 'spec.template.spec.containers[0].lifecycle.preStop.sleep.seconds'],
  },
  {
    name: 'preStop sleep within a raised grace period (validateSleepAction)',
    edit: (_d, pod, ctr) => {
      pod.terminationGracePeriodSeconds = 60;
      ctr.lifecycle = { preStop: { sleep: { seconds: 45 } } };
    },
    expect: ok,
  },
  {
    name: 'preStop sleep of zero (validateSleepAction, PodLifecycleSleepActionAllowZero on)',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: { seconds: 0 } } };
    },
    expect: ok,
  },
  {
    name: 'sidecar postStart sleep longer than the grace period (validateSleepAction)',
    edit: (_d, pod) => {
      pod.terminationGracePeriodSeconds = 5;
      pod.initContainers = [
        { name: 'proxy', image: 'image', restartPolicy: 'Always', lifecycle: { postStart: { sleep: { seconds: 10 } } } },
      ];
    },
    expect: ['deployment/lifecycle-hooks', 'spec.template.spec.initContainers[0].lifecycle.postStart.sleep.seconds'],
  },
  {
    name: 'env fieldRef apiVersion v2 (ConvertDownwardAPIFieldLabel)',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'N', valueFrom: { fieldRef: { apiVersion: 'v2', fieldPath: 'metadata.name' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fieldRef.apiVersion'],
  },
  {
    name: 'env fieldRef label key not a qualified name (validateObjectFieldSelector)',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'N', valueFrom: { fieldRef: { fieldPath: "metadata.labels['bad key']" } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fieldRef'],
  },
  {
    name: 'env fieldRef annotation key with capitals (validateObjectFieldSelector lowercases it)',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'N', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['Example.COM/Key']" } } }];
    },
    expect: ok,
  },
  {
    name: 'downwardAPI file fieldRef apiVersion apps/v1 (ConvertDownwardAPIFieldLabel)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'apps/v1', fieldPath: 'metadata.name' } }] } },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].downwardAPI.items[0].fieldRef.apiVersion'],
  },
  {
    name: 'downwardAPI file annotation key invalid (validateObjectFieldSelector)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', downwardAPI: { items: [{ path: 'a', fieldRef: { fieldPath: "metadata.annotations['a b']" } }] } },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].downwardAPI.items[0].fieldRef'],
  },
  {
    name: 'iscsi volume with IQN, CHAP secret and initiator (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          iscsi: {
            targetPortal: '10.0.0.1:3260',
            iqn: 'iqn.2015-02.example.com:test',
            lun: 1,
            chapAuthSession: true,
            secretRef: { name: 'chap' },
            initiatorName: 'iqn.2015-02.example.com:init',
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'iscsi volume with an EUI name (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.02004567A425678D' } }];
    },
    expect: ok,
  },
  {
    name: 'iscsi iqn without the iqn/eui/naa prefix (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'example.com:test' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.iqn'],
  },
  {
    name: 'iscsi iqn malformed (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2015-02.example.com' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.iqn'],
  },
  {
    name: 'iscsi eui name too short (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'eui.0200' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.iqn'],
  },
  {
    name: 'iscsi lun above 255 (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2015-02.example.com:test', lun: 256 } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.lun'],
  },
  {
    name: 'iscsi CHAP without secretRef (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2015-02.example.com:test', chapAuthDiscovery: true } },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.secretRef'],
  },
  {
    name: 'iscsi initiatorName malformed (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: 'iqn.2015-02.example.com:test', initiatorName: 'iqn.bad' } },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.initiatorName'],
  },
  {
    name: 'iscsi name and portal over 64 with an initiator (validateVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v'.repeat(50),
          iscsi: {
            targetPortal: '10.100.100.100:3260',
            iqn: 'iqn.2015-02.example.com:test',
            initiatorName: 'iqn.2015-02.example.com:init',
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].name'],
  },
  {
    name: 'rbd volume without monitors (validateRBDVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', rbd: { monitors: [], image: 'img' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].rbd.monitors'],
  },
  {
    name: 'gitRepo directory with .. (validateGitRepoVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', gitRepo: { repository: 'https://example.com/r.git', directory: '../up' } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].gitRepo.directory'],
  },
  {
    name: 'gitRepo absolute directory (validateGitRepoVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', gitRepo: { repository: 'https://example.com/r.git', directory: '/abs' } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].gitRepo.directory'],
  },
  {
    name: 'gitRepo directory "." (validateGitRepoVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', gitRepo: { repository: 'https://example.com/r.git', directory: '.' } }];
    },
    expect: ok,
  },

  // --- the rest of the pod-template validation, read end to end (kubernetes/kubernetes
  // pkg/apis/core/validation/validation.go at 000f26050b9be6fb3d79fae95e06b47fc96128cd, the function
  // in each name; gate stages from pkg/features/kube_features.go; sysctl namespaces from
  // component-helpers node/util/sysctl GetNamespace) ---
  {
    name: 'projected configMap and secret items at one path (validateProjectionSources)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { configMap: { name: 'a', items: [{ key: 'k', path: 'conf' }] } },
              { secret: { name: 'b', items: [{ key: 'k', path: 'conf' }] } },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[1].secret.items[0].path'],
  },
  {
    name: 'projected downwardAPI file at a configMap item path (validateProjectionSources)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { configMap: { name: 'a', items: [{ key: 'k', path: 'labels' }] } },
              { downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }] } },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[1].downwardAPI.items[0].path'],
  },
  {
    name: 'projected token at an item path: the token is not counted (validateProjectionSources)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { configMap: { name: 'a', items: [{ key: 'k', path: 'token' }] } },
              { serviceAccountToken: { path: 'token' } },
            ],
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'two projected volumes with the same item path (validateProjectionSources is per volume)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', projected: { sources: [{ configMap: { name: 'a', items: [{ key: 'k', path: 'conf' }] } }] } },
        { name: 'w', projected: { sources: [{ secret: { name: 'b', items: [{ key: 'k', path: 'conf' }] } }] } },
      ];
    },
    expect: ok,
  },
  {
    name: 'clusterTrustBundle with name and signerName, gate off: dropped (dropDisabledClusterTrustBundleProjection)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { clusterTrustBundle: { name: 'a', signerName: 'example.com/s', path: 'ca.pem' }, configMap: { name: 'c' } },
            ],
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'clusterTrustBundle with name and signerName (validateProjectionSources)',
    gates: { ClusterTrustBundleProjection: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: { sources: [{ clusterTrustBundle: { name: 'a', signerName: 'example.com/s', path: 'ca.pem' } }] },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].clusterTrustBundle'],
  },
  {
    name: 'clusterTrustBundle with neither name nor signerName (validateProjectionSources)',
    gates: { ClusterTrustBundleProjection: true },
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ clusterTrustBundle: { path: 'ca.pem' } }] } }];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].clusterTrustBundle'],
  },
  {
    name: 'clusterTrustBundle by name with a labelSelector (validateProjectionSources)',
    gates: { ClusterTrustBundleProjection: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [{ clusterTrustBundle: { name: 'a', labelSelector: { matchLabels: { a: 'b' } }, path: 'ca.pem' } }],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].clusterTrustBundle.labelSelector'],
  },
  {
    name: 'clusterTrustBundle path taken by a configMap item (validateProjectionSources)',
    gates: { ClusterTrustBundleProjection: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { configMap: { name: 'c', items: [{ key: 'k', path: 'ca.pem' }] } },
              { clusterTrustBundle: { signerName: 'example.com/s', path: 'ca.pem' } },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[1].clusterTrustBundle.path'],
  },
  {
    name: 'clusterTrustBundle by signerName with a selector (validateProjectionSources)',
    gates: { ClusterTrustBundleProjection: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { clusterTrustBundle: { signerName: 'example.com/s', labelSelector: { matchLabels: { a: 'b' } }, path: 'ca.pem' } },
            ],
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'net sysctl with hostNetwork (validateSysctls, ValidateHostSysctl)',
    edit: (_d, pod) => {
      pod.hostNetwork = true;
      pod.securityContext = { sysctls: [{ name: 'net.ipv4.ip_local_port_range', value: '1024 65535' }] };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.sysctls[0].name'],
  },
  {
    name: 'slash-separated net sysctl with hostNetwork (ValidateHostSysctl, NormalizeName)',
    edit: (_d, pod) => {
      pod.hostNetwork = true;
      pod.securityContext = { sysctls: [{ name: 'net/ipv4/ip_forward', value: '1' }] };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.sysctls[0].name'],
  },
  {
    name: 'IPC sysctl with hostIPC (ValidateHostSysctl)',
    edit: (_d, pod) => {
      pod.hostIPC = true;
      pod.securityContext = { sysctls: [{ name: 'kernel.shm_rmid_forced', value: '1' }] };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.sysctls[0].name'],
  },
  {
    name: 'mqueue sysctl with hostIPC (ValidateHostSysctl)',
    edit: (_d, pod) => {
      pod.hostIPC = true;
      pod.securityContext = { sysctls: [{ name: 'fs.mqueue.msg_max', value: '10' }] };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.sysctls[0].name'],
  },
  {
    name: 'IPC sysctl with hostNetwork only (ValidateHostSysctl)',
    edit: (_d, pod) => {
      pod.hostNetwork = true;
      pod.securityContext = {
        sysctls: [
          { name: 'kernel.shm_rmid_forced', value: '1' },
          { name: 'kernel.domainname', value: 'x' },
        ],
      };
    },
    expect: ok,
  },
  {
    name: 'hostUsers false with hostIPC (validateHostUsers)',
    edit: (_d, pod) => {
      pod.hostUsers = false;
      pod.hostIPC = true;
    },
    expect: ['deployment/pod-security', 'spec.template.spec.hostIPC'],
  },
  {
    name: 'windows pod with hostPID (validateWindows)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.hostPID = true;
    },
    expect: ['deployment/pod-os', 'spec.template.spec.hostPID'],
  },
  {
    name: 'windows pod with hostIPC false (validateWindows checks true only)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.hostIPC = false;
    },
    expect: ok,
  },
  {
    name: 'windows pod with shareProcessNamespace false (validateWindows: any value)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.shareProcessNamespace = false;
    },
    expect: ['deployment/pod-os', 'spec.template.spec.shareProcessNamespace'],
  },
  {
    name: 'windows pod with hostUsers (validateWindows)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.hostUsers = true;
    },
    expect: ['deployment/pod-os', 'spec.template.spec.hostUsers'],
  },
  {
    name: 'windows pod with supplementalGroups (validateWindows)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.securityContext = { supplementalGroups: [1000] };
    },
    expect: ['deployment/pod-os', 'spec.template.spec.securityContext.supplementalGroups'],
  },
  {
    name: 'windows pod with seLinuxChangePolicy (validateWindows)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.securityContext = { seLinuxChangePolicy: 'Recursive' };
    },
    expect: ['deployment/pod-os', 'spec.template.spec.securityContext.seLinuxChangePolicy'],
  },
  {
    name: 'windows pod with windowsOptions and hostNetwork (validateWindows)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.hostNetwork = true;
      pod.securityContext = { windowsOptions: { runAsUserName: 'ContainerUser' } };
    },
    expect: ok,
  },
  {
    name: 'linux pod with hostUsers and sysctls (validateLinux)',
    edit: (_d, pod) => {
      pod.os = { name: 'linux' };
      pod.hostUsers = false;
      pod.securityContext = { sysctls: [{ name: 'kernel.msgmax', value: '8192' }], supplementalGroups: [1] };
    },
    expect: ok,
  },
  {
    name: 'seccomp localhostProfile absolute (validateSeccompProfileField)',
    edit: (_d, pod) => {
      pod.securityContext = { seccompProfile: { type: 'Localhost', localhostProfile: '/var/lib/p.json' } };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.securityContext.seccompProfile.localhostProfile'],
  },
  {
    name: 'container seccomp localhostProfile with .. (validateSeccompProfileField)',
    edit: (_d, _pod, ctr) => {
      ctr.securityContext = { seccompProfile: { type: 'Localhost', localhostProfile: 'a/../../p.json' } };
    },
    expect: ['deployment/pod-security', 'spec.template.spec.containers[0].securityContext.seccompProfile.localhostProfile'],
  },
  {
    name: 'seccomp localhostProfile with dots in names (validateLocalDescendingPath)',
    edit: (_d, pod) => {
      pod.securityContext = { seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/..hidden/a..b.json' } };
    },
    expect: ok,
  },
  {
    name: 'claim template storageClassName not a DNS subdomain (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'Fast_SSD', resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.storageClassName'],
  },
  {
    name: 'claim template with an empty storageClassName and Block mode (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                storageClassName: '',
                volumeMode: 'Block',
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'claim template unknown volumeMode (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: { accessModes: ['ReadWriteOnce'], volumeMode: 'Raw', resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ['schema/enum', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.volumeMode'],
  },
  {
    name: 'claim template unknown access mode (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: { spec: { accessModes: ['ReadWriteSometimes'], resources: { requests: { storage: '1Gi' } } } },
          },
        },
      ];
    },
    expect: ['schema/enum', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes[0]'],
  },
  {
    name: 'claim template dataSource snapshot without apiGroup (validateDataSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSource: { kind: 'VolumeSnapshot', name: 'snap' },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSource.kind'],
  },
  {
    name: 'claim template dataSource snapshot with apiGroup and a matching dataSourceRef (validateDataSource)',
    edit: (_d, pod) => {
      const ref = { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' };
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSource: ref,
                dataSourceRef: { ...ref },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'claim template dataSource from a PVC without apiGroup (validateDataSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSource: { kind: 'PersistentVolumeClaim', name: 'src' },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'claim template dataSource apiGroup not a DNS subdomain (validateDataSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSourceRef: { apiGroup: 'Snapshot_Group', kind: 'VolumeSnapshot', name: 'snap' },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: [
      'deployment/volume-sources',
      'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSourceRef.apiGroup',
    ],
  },
  {
    name: 'claim template dataSource differing from dataSourceRef (ValidatePersistentVolumeClaimSpec)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSource: { kind: 'PersistentVolumeClaim', name: 'a' },
                dataSourceRef: { kind: 'PersistentVolumeClaim', name: 'b' },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSource'],
  },
  {
    name: 'claim template dataSource with an empty name (validateDataSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSource: { kind: 'PersistentVolumeClaim', name: '' },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSource.name'],
  },
  {
    name: 'iscsi volume with an empty targetPortal (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '', iqn: 'iqn.2015-02.example.com:test' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.targetPortal'],
  },
  {
    name: 'iscsi volume with an empty iqn (validateISCSIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', iscsi: { targetPortal: '10.0.0.1:3260', iqn: '' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].iscsi.iqn'],
  },
  {
    name: 'rbd volume with an empty image (validateRBDVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', rbd: { monitors: ['10.0.0.1:6789'], image: '' } }];
    },
    expect: ['deployment/volume-sources', 'spec.template.spec.volumes[0].rbd.image'],
  },
  {
    name: 'rbd volume with monitors and an image (validateRBDVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', rbd: { monitors: ['10.0.0.1:6789'], image: 'disk' } }];
    },
    expect: ok,
  },
  {
    name: 'hugepages limit not a whole number of pages (validateResourceQuantityHugePageValue)',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { limits: { 'hugepages-2Mi': '3Mi', memory: '1Gi' } };
    },
    expect: ['deployment/resource-quantities', 'spec.template.spec.containers[0].resources.limits.hugepages-2Mi'],
  },
  {
    name: 'hugepages-1Gi limit of 2Gi (validateResourceQuantityHugePageValue)',
    edit: (_d, _pod, ctr) => {
      ctr.resources = { limits: { 'hugepages-1Gi': '2Gi', memory: '1Gi' } };
    },
    expect: ok,
  },
  {
    name: 'preStop sleep of zero with PodLifecycleSleepActionAllowZero off (validateSleepAction)',
    gates: { PodLifecycleSleepActionAllowZero: false },
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: { seconds: 0 } } };
    },
    expect: ['deployment/lifecycle-hooks', 'spec.template.spec.containers[0].lifecycle.preStop.sleep.seconds'],
  },
  {
    name: 'preStop sleep without seconds, PodLifecycleSleepActionAllowZero off (validateSleepAction)',
    gates: { PodLifecycleSleepActionAllowZero: false },
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: {} } };
    },
    expect: ['deployment/lifecycle-hooks', 'spec.template.spec.containers[0].lifecycle.preStop.sleep'],
  },
  {
    name: 'preStop sleep of one second with PodLifecycleSleepActionAllowZero off (validateSleepAction)',
    gates: { PodLifecycleSleepActionAllowZero: false },
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { preStop: { sleep: { seconds: 1 } } };
    },
    expect: ok,
  },
  {
    name: 'probe terminationGracePeriodSeconds 0 (validateProbe)',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { exec: { command: ['true'] }, terminationGracePeriodSeconds: 0 };
    },
    expect: ['schema/range', 'spec.template.spec.containers[0].livenessProbe.terminationGracePeriodSeconds'],
  },
  {
    name: 'readiness probe with terminationGracePeriodSeconds (validateReadinessProbe)',
    edit: (_d, _pod, ctr) => {
      ctr.readinessProbe = { exec: { command: ['true'] }, terminationGracePeriodSeconds: 5 };
    },
    expect: ['deployment/probe-settings', 'spec.template.spec.containers[0].readinessProbe.terminationGracePeriodSeconds'],
  },
  {
    name: 'exec handler with an empty command (validateExecAction)',
    edit: (_d, _pod, ctr) => {
      ctr.livenessProbe = { exec: { command: [] } };
    },
    expect: ['schema/length', 'spec.template.spec.containers[0].livenessProbe.exec.command'],
  },
  {
    name: 'exec handler without command (validateExecAction)',
    edit: (_d, _pod, ctr) => {
      ctr.lifecycle = { postStart: { exec: {} } };
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].lifecycle.postStart.exec.command'],
  },
  {
    name: 'token expiration of 2^32 seconds (validateProjectionSources)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 4294967296 } }] } },
      ];
    },
    expect: ok,
  },
  {
    name: 'token expiration above 2^32 seconds (validateProjectionSources)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 4294967297 } }] } },
      ];
    },
    expect: ['schema/range', 'spec.template.spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds'],
  },
  {
    name: 'token expiration of 600 seconds (validateProjectionSources)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 600 } }] } }];
    },
    expect: ok,
  },
  {
    name: 'file modes of 0 and 0777 (validateKeyToPath, validateDownwardAPIVolumeSource)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', configMap: { name: 'c', defaultMode: 0o777, items: [{ key: 'k', path: 'p', mode: 0 }] } },
        {
          name: 'w',
          downwardAPI: { defaultMode: 0, items: [{ path: 'n', mode: 0o777, fieldRef: { fieldPath: 'metadata.name' } }] },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'downwardAPI file mode above 0777 (validateDownwardAPIVolumeFile)',
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', downwardAPI: { items: [{ path: 'n', mode: 0o1000, fieldRef: { fieldPath: 'metadata.name' } }] } },
      ];
    },
    expect: ['schema/range', 'spec.template.spec.volumes[0].downwardAPI.items[0].mode'],
  },
  {
    name: 'recursiveReadOnly Enabled without readOnly (validateMountRecursiveReadOnly)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [{ name: 'v', mountPath: '/a', recursiveReadOnly: 'Enabled' }];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[0].recursiveReadOnly'],
  },
  {
    name: 'recursiveReadOnly IfPossible with HostToContainer (validateMountRecursiveReadOnly)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [
        { name: 'v', mountPath: '/a', readOnly: true, recursiveReadOnly: 'IfPossible', mountPropagation: 'HostToContainer' },
      ];
    },
    expect: ['deployment/mount-paths', 'spec.template.spec.containers[0].volumeMounts[0].recursiveReadOnly'],
  },
  {
    name: 'recursiveReadOnly Disabled on a writable mount, and Enabled read-only (validateMountRecursiveReadOnly)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'v', emptyDir: {} }];
      ctr.volumeMounts = [
        { name: 'v', mountPath: '/a', recursiveReadOnly: 'Disabled' },
        { name: 'v', mountPath: '/b', readOnly: true, recursiveReadOnly: 'Enabled', mountPropagation: 'None' },
      ];
    },
    expect: ok,
  },
  {
    name: 'resize policy without a restart policy (validateResizePolicy)',
    edit: (_d, _pod, ctr) => {
      ctr.resizePolicy = [{ resourceName: 'cpu' }];
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].resizePolicy[0].restartPolicy'],
  },
  // --- required fields re-read from the source (the second audit, docs/required-fields.md).
  // kubernetes/kubernetes pkg/apis/core/validation/validation.go: the newest copy of the
  // kubernetes/kubernetes repository stored for reading, 000f26050b9be6fb3d79fae95e06b47fc96128cd,
  // predates fileKeyRef, podCertificate, restart rules and pod-level Windows and huge-page checks,
  // so those were read at 64149d1201ab96736d5aa902df411d40a3f6f714 (the same file in the
  // AIAgentSandox/kubernetes fork of it); ValidateSignerName in pkg/apis/core/validation/names.go at
  // 008b3652959ca58af8be3fb5b6ecfe9ae7638282. Each absence below is refused by the function named. ---
  {
    name: 'podCertificate without signerName (validateProjectionSources, ValidateSignerName: Required)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', projected: { sources: [{ podCertificate: { keyType: 'ED25519', credentialBundlePath: 'cred.pem' } }] } },
      ];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.signerName'],
  },
  {
    name: 'podCertificate without keyType (validateProjectionSources: "" is NotSupported)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: { sources: [{ podCertificate: { signerName: 'example.com/signer', credentialBundlePath: 'cred.pem' } }] },
        },
      ];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.keyType'],
  },
  {
    name: 'podCertificate with signerName, keyType and a path (validateProjectionSources)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { podCertificate: { signerName: 'example.com/signer', keyType: 'ECDSAP256', credentialBundlePath: 'cred.pem' } },
            ],
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'fileKeyRef without key (validateFileKeySelector: Required)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'vars.env' } } }];
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.key'],
  },
  {
    name: 'fileKeyRef without volumeName (validateFileKeySelector: Required)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { path: 'vars.env', key: 'A' } } }];
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName'],
  },
  {
    name: 'fileKeyRef without path (validateFileKeySelector: Required)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', key: 'A' } } }];
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.path'],
  },
  {
    name: 'fileKeyRef with volumeName, path and key (validateFileKeySelector)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'vars.env', key: 'A' } } }];
    },
    expect: ok,
  },
  {
    name: 'fileKeyRef from a configMap volume (validateFileKeyRefVolumes: must be emptyDir)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', configMap: { name: 'c' } }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'vars.env', key: 'A' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName'],
  },
  {
    name: 'fileKeyRef from a volume the pod does not have (validateFileKeyRefVolumes: NotFound)',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'vars.env', key: 'A' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName'],
  },
  {
    name: 'fileKeyRef path with .. (validateFileKeySelector, validatePathNoBacksteps)',
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: '../vars.env', key: 'A' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.path'],
  },
  {
    name: "fileKeyRef key with '=' (validateFileKeySelector, IsRelaxedEnvVarName)",
    edit: (_d, pod, ctr) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'vars.env', key: 'A=B' } } }];
    },
    expect: ['deployment/env-sources', 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.key'],
  },
  {
    name: 'fileKeyRef in an init container, key with a dot and a nested path (validateFileKeySelector)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'env', emptyDir: {} }];
      pod.initContainers = [
        {
          name: 'init',
          image: 'image',
          env: [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'env', path: 'conf/vars.env', key: 'app.setting' } } }],
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'restart rule without action (validateContainerRestartPolicy: "" is NotSupported)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = [{ exitCodes: { operator: 'In', values: [42] } }];
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].restartPolicyRules[0].action'],
  },
  {
    name: 'restart rule exit codes without operator (validateContainerRestartPolicy: "" is NotSupported)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = [{ action: 'Restart', exitCodes: { values: [42] } }];
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].restartPolicyRules[0].exitCodes.operator'],
  },
  {
    name: 'restart rules without a restartPolicy (validateContainerRestartPolicy: Required)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicyRules = [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicyRules'],
  },
  {
    name: 'container restartPolicy Sometimes (validateContainerRestartPolicy: NotSupported)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Sometimes';
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicy'],
  },
  {
    name: 'restart rule without exitCodes (validateContainerRestartPolicy: Required)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = [{ action: 'Restart' }];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicyRules[0]'],
  },
  {
    name: 'restart rule action RestartPod (validateContainerRestartPolicy: NotSupported)',
    gates: { RestartAllContainers: false },
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = [{ action: 'RestartPod', exitCodes: { operator: 'In', values: [1] } }];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicyRules[0].action'],
  },
  {
    name: 'restart rule operator Between (validateContainerRestartPolicy: NotSupported)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = [{ action: 'Restart', exitCodes: { operator: 'Between', values: [1] } }];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicyRules[0].exitCodes.operator'],
  },
  {
    name: '21 restart rules (validateContainerRestartPolicy: TooMany)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = Array.from({ length: 21 }, (_, i) => ({
        action: 'Restart',
        exitCodes: { operator: 'In', values: [i + 1] },
      }));
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicyRules'],
  },
  {
    name: 'a rule of 256 exit codes (validateContainerRestartPolicy: TooMany)',
    edit: (_d, _pod, ctr) => {
      ctr.restartPolicy = 'Never';
      ctr.restartPolicyRules = [
        { action: 'Restart', exitCodes: { operator: 'NotIn', values: Array.from({ length: 256 }, (_, i) => i) } },
      ];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.containers[0].restartPolicyRules[0].exitCodes.values'],
  },
  {
    name: 'container restartPolicy OnFailure with a NotIn rule, and an init container Never with a rule (validateContainerRestartPolicy)',
    edit: (_d, pod, ctr) => {
      ctr.restartPolicy = 'OnFailure';
      ctr.restartPolicyRules = [{ action: 'Restart', exitCodes: { operator: 'NotIn', values: [0] } }];
      pod.initContainers = [
        {
          name: 'init',
          image: 'image',
          restartPolicy: 'Never',
          restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }],
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'init container rules without a restartPolicy (validateInitContainerRestartPolicy: Required)',
    edit: (_d, pod) => {
      pod.initContainers = [
        {
          name: 'init',
          image: 'image',
          restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }],
        },
      ];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.initContainers[0].restartPolicyRules'],
  },
  {
    name: 'sidecar with restart rules, RestartAllContainers off (validateInitContainerRestartPolicy: Forbidden)',
    gates: { RestartAllContainers: false },
    edit: (_d, pod) => {
      pod.initContainers = [
        {
          name: 'proxy',
          image: 'image',
          restartPolicy: 'Always',
          restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }],
        },
      ];
    },
    expect: ['deployment/container-restart-rules', 'spec.template.spec.initContainers[0].restartPolicyRules'],
  },
  // validateInitContainerRestartPolicy would refuse it, but the strategy drops it first (dropContainerRestartRules, pkg/api/pod/util.go).
  {
    name: 'init container restartPolicy Never with ContainerRestartRules off (dropContainerRestartRules: dropped before validation)',
    gates: { ContainerRestartRules: false },
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'init', image: 'image', restartPolicy: 'Never' }];
    },
    expect: ok,
  },
  {
    name: 'hostnameOverride with hostNetwork (validatePodHostName: Forbidden)',
    edit: (_d, pod) => {
      pod.hostNetwork = true;
      pod.hostnameOverride = 'worker-1';
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.hostnameOverride'],
  },
  {
    name: 'hostnameOverride with setHostnameAsFQDN (validatePodHostName: Forbidden)',
    edit: (_d, pod) => {
      pod.setHostnameAsFQDN = true;
      pod.subdomain = 'svc';
      pod.hostnameOverride = 'worker-1';
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.hostnameOverride'],
  },
  {
    name: 'hostnameOverride with an underscore (validatePodHostName: DNS subdomain)',
    edit: (_d, pod) => {
      pod.hostnameOverride = 'worker_1';
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.hostnameOverride'],
  },
  {
    name: 'hostnameOverride of 65 characters (validatePodHostName: TooLong)',
    edit: (_d, pod) => {
      pod.hostnameOverride = `${'a'.repeat(32)}.${'b'.repeat(32)}`;
    },
    expect: ['deployment/pod-dns', 'spec.template.spec.hostnameOverride'],
  },
  {
    name: 'hostnameOverride of 64 characters with dots (validatePodHostName)',
    edit: (_d, pod) => {
      pod.hostnameOverride = `${'a'.repeat(31)}.${'b'.repeat(32)}`;
    },
    expect: ok,
  },
  {
    name: 'container resource claim without name (validateResourceClaimNames: Required)',
    edit: (_d, pod, ctr) => {
      pod.resourceClaims = [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }];
      ctr.resources = { claims: [{ request: 'one' }] };
    },
    expect: ['schema/required', 'spec.template.spec.containers[0].resources.claims[0].name'],
  },
  {
    name: 'claim template dataSource without kind (validateDataSource: Required)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: { accessModes: ['ReadWriteOnce'], dataSource: { name: 'src' }, resources: { requests: { storage: '1Gi' } } },
            },
          },
        },
      ];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSource.kind'],
  },
  {
    name: 'claim template dataSourceRef without name (validateDataSourceRef: Required)',
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          ephemeral: {
            volumeClaimTemplate: {
              spec: {
                accessModes: ['ReadWriteOnce'],
                dataSourceRef: { kind: 'PersistentVolumeClaim' },
                resources: { requests: { storage: '1Gi' } },
              },
            },
          },
        },
      ];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].ephemeral.volumeClaimTemplate.spec.dataSourceRef.name'],
  },
  {
    name: 'topology spread constraint without maxSkew (validateTopologySpreadConstraints: 0 is not positive)',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }];
    },
    expect: ['schema/required', 'spec.template.spec.topologySpreadConstraints[0].maxSkew'],
  },
  {
    name: 'topology spread constraint without topologyKey (ValidateTopologyKey: Required)',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }];
    },
    expect: ['schema/required', 'spec.template.spec.topologySpreadConstraints[0].topologyKey'],
  },
  {
    name: 'topology spread constraint without whenUnsatisfiable (ValidateWhenUnsatisfiable: "" is NotSupported)',
    edit: (_d, pod) => {
      pod.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone' }];
    },
    expect: ['schema/required', 'spec.template.spec.topologySpreadConstraints[0].whenUnsatisfiable'],
  },
  {
    name: 'os without a name (validateOS: Required)',
    edit: (_d, pod) => {
      pod.os = {};
    },
    expect: ['schema/required', 'spec.template.spec.os.name'],
  },
  {
    name: 'scaleIO volume without volumeName (validateScaleIOVolumeSource: Required)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', scaleIO: { gateway: 'https://gw', system: 'sys' } }];
    },
    expect: ['schema/required', 'spec.template.spec.volumes[0].scaleIO.volumeName'],
  },
  {
    name: 'scaleIO volume with an empty volumeName (validateScaleIOVolumeSource: Required)',
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', scaleIO: { gateway: 'https://gw', system: 'sys', volumeName: '' } }];
    },
    expect: ['schema/length', 'spec.template.spec.volumes[0].scaleIO.volumeName'],
  },
  {
    name: 'podCertificate signer name without a domain (ValidateSignerName)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [{ podCertificate: { signerName: 'signer', keyType: 'ED25519', credentialBundlePath: 'cred.pem' } }],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.signerName'],
  },
  {
    name: 'podCertificate signer name with a one-label domain (ValidateSignerName)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [{ podCertificate: { signerName: 'example/signer', keyType: 'ED25519', credentialBundlePath: 'cred.pem' } }],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.signerName'],
  },
  {
    name: 'podCertificate key type RSA2048 (validateProjectionSources: NotSupported)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { podCertificate: { signerName: 'example.com/signer', keyType: 'RSA2048', credentialBundlePath: 'cred.pem' } },
            ],
          },
        },
      ];
    },
    expect: ['schema/enum', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.keyType'],
  },
  {
    name: 'podCertificate without any file path (validateProjectionSources: Required)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', projected: { sources: [{ podCertificate: { signerName: 'example.com/signer', keyType: 'ED25519' } }] } },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate'],
  },
  {
    name: 'podCertificate keyPath outside the volume (ValidateLocalNonReservedPath)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              {
                podCertificate: {
                  signerName: 'example.com/signer',
                  keyType: 'ED25519',
                  keyPath: '../key.pem',
                  certificateChainPath: 'chain.pem',
                },
              },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.keyPath'],
  },
  {
    name: 'podCertificate bundle at a configMap item path (validateProjectionSources: conflicting paths)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              { configMap: { name: 'c', items: [{ key: 'k', path: 'cred.pem' }] } },
              { podCertificate: { signerName: 'example.com/signer', keyType: 'ED25519', credentialBundlePath: 'cred.pem' } },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[1].podCertificate.credentialBundlePath'],
  },
  {
    name: 'podCertificate lifetime below an hour (validateProjectionSources)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              {
                podCertificate: {
                  signerName: 'example.com/signer',
                  keyType: 'ED25519',
                  credentialBundlePath: 'cred.pem',
                  maxExpirationSeconds: 600,
                },
              },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.maxExpirationSeconds'],
  },
  {
    name: 'podCertificate lifetime of two days from a kubernetes.io signer (KubernetesMaxMaxExpirationSeconds)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              {
                podCertificate: {
                  signerName: 'kubernetes.io/kube-apiserver-client-pod',
                  keyType: 'ED25519',
                  credentialBundlePath: 'cred.pem',
                  maxExpirationSeconds: 172800,
                },
              },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].podCertificate.maxExpirationSeconds'],
  },
  {
    name: 'podCertificate lifetime of 91 days, key and chain files (validateProjectionSources)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              {
                podCertificate: {
                  signerName: 'example.com/signer',
                  keyType: 'RSA4096',
                  keyPath: 'key.pem',
                  certificateChainPath: 'chain.pem',
                  maxExpirationSeconds: 7862400,
                },
              },
            ],
          },
        },
      ];
    },
    expect: ok,
  },
  {
    name: 'podCertificate beside a configMap in one source (validateProjectionSources: one projection per source)',
    gates: { PodCertificateRequest: true },
    edit: (_d, pod) => {
      pod.volumes = [
        {
          name: 'v',
          projected: {
            sources: [
              {
                configMap: { name: 'c' },
                podCertificate: { signerName: 'example.com/signer', keyType: 'ED25519', credentialBundlePath: 'cred.pem' },
              },
            ],
          },
        },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0]'],
  },
  {
    name: 'clusterTrustBundle signer name with two slashes (ValidateSignerName)',
    gates: { ClusterTrustBundleProjection: true },
    edit: (_d, pod) => {
      pod.volumes = [
        { name: 'v', projected: { sources: [{ clusterTrustBundle: { signerName: 'example.com/a/b', path: 'ca.pem' } }] } },
      ];
    },
    expect: ['deployment/volume-paths', 'spec.template.spec.volumes[0].projected.sources[0].clusterTrustBundle.signerName'],
  },
  {
    name: 'schedulingGroup without podGroupName (validateSchedulingGroup: one of podGroupName)',
    edit: (_d, pod) => {
      pod.schedulingGroup = {};
    },
    expect: ['schema/required', 'spec.template.spec.schedulingGroup.podGroupName'],
  },
  {
    name: 'schedulingGroup naming a pod group (validateSchedulingGroup)',
    edit: (_d, pod) => {
      pod.schedulingGroup = { podGroupName: 'training' };
    },
    expect: ok,
  },
  // Declarative validation (+k8s:required on EvictionResponder in k8s.io/api core/v1 at
  // 10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2), as the upstream declarative test cases
  // RunDeclarativeValidateEvictionRespondersTestCases "empty name" and "priority required" expect.
  {
    name: 'eviction responder without priority (declarative +k8s:required)',
    edit: (_d, pod) => {
      pod.evictionResponders = [{ name: 'foo.example.com/bar' }];
    },
    expect: ['schema/required', 'spec.template.spec.evictionResponders[0].priority'],
  },
  {
    name: 'eviction responder without name (declarative +k8s:required)',
    edit: (_d, pod) => {
      pod.evictionResponders = [{ priority: 1000 }];
    },
    expect: ['schema/required', 'spec.template.spec.evictionResponders[0].name'],
  },

  // --- pod-level resources, read end to end: validatePodResources, validatePodResourceRequirements,
  // validatePodResourceConsistency (pkg/apis/core/validation/validation.go at
  // 64149d1201ab96736d5aa902df411d40a3f6f714), AggregateContainerRequests/AggregateContainerLimits
  // (staging/src/k8s.io/component-helpers/resource/helpers.go at 0085214e563468088672cf8c50849884198a18cc);
  // a Deployment's template is not defaulted as a Pod is (SetDefaults_Pod, pkg/apis/core/v1/defaults.go
  // at 023f88a32c95647b94e47df54948a0af9517dd0c). ---
  {
    name: 'pod requests cpu, containers request only memory (validatePodResourceConsistency skips what the pod does not request)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { requests: { memory: '2Gi' } };
      pod.resources = { requests: { cpu: '1' } };
    },
    expect: ok,
  },
  {
    name: 'pod limits memory only, containers request more memory (no pod request to compare, no container limit)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { requests: { memory: '2Gi' } };
      pod.resources = { limits: { memory: '1Gi' } };
    },
    expect: ok,
  },
  {
    name: 'pod requests cpu, containers set nothing (validatePodResourceConsistency)',
    edit: (_d, pod) => {
      pod.resources = { requests: { cpu: '500m' }, limits: { cpu: '1' } };
    },
    expect: ok,
  },
  {
    name: 'container limit only, pod request below it (a template limit is not a request: SetDefaults_Pod is for Pods)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { cpu: '2' } };
      pod.resources = { requests: { cpu: '1' }, limits: { cpu: '2' } };
    },
    expect: ok,
  },
  {
    name: 'container limit on a resource the pod does not limit (validatePodResourceConsistency)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { memory: '4Gi' } };
      pod.resources = { limits: { cpu: '1' } };
    },
    expect: ok,
  },
  {
    name: 'init container limit above the pod limit: only regular containers are compared (validatePodResourceConsistency)',
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'init', image: 'image', resources: { limits: { memory: '2Gi' } } }];
      pod.resources = { limits: { memory: '1Gi' } };
    },
    expect: ok,
  },
  {
    name: 'pod-level resources in a Windows pod (validatePodResources: Forbidden, nothing more)',
    edit: (_d, pod) => {
      pod.os = { name: 'windows' };
      pod.resources = { requests: { 'ephemeral-storage': '1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources'],
  },
  {
    name: 'pod-level resources in a Linux pod (validatePodResources)',
    edit: (_d, pod) => {
      pod.os = { name: 'linux' };
      pod.resources = { limits: { cpu: '1', memory: '1Gi' } };
    },
    expect: ok,
  },
  {
    name: "pod huge-page limit below the containers' together (validatePodResourceConsistency, AggregateContainerLimits)",
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { 'hugepages-2Mi': '4Mi', memory: '256Mi' } };
      pod.containers.push({ name: 'two', image: 'image', resources: { limits: { 'hugepages-2Mi': '2Mi', memory: '256Mi' } } });
      pod.resources = { limits: { 'hugepages-2Mi': '4Mi', memory: '1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.limits.hugepages-2Mi'],
  },
  {
    name: "pod huge-page limit covers the containers' and a sidecar's (AggregateContainerLimits)",
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { 'hugepages-2Mi': '4Mi', memory: '256Mi' } };
      pod.initContainers = [
        {
          name: 'proxy',
          image: 'image',
          restartPolicy: 'Always',
          resources: { limits: { 'hugepages-2Mi': '2Mi', memory: '64Mi' } },
        },
      ];
      pod.resources = { limits: { 'hugepages-2Mi': '6Mi', memory: '1Gi' } };
    },
    expect: ok,
  },
  {
    name: 'sidecar huge pages add to the containers against the pod limit (AggregateContainerLimits)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { 'hugepages-2Mi': '4Mi', memory: '256Mi' } };
      pod.initContainers = [
        {
          name: 'proxy',
          image: 'image',
          restartPolicy: 'Always',
          resources: { limits: { 'hugepages-2Mi': '2Mi', memory: '64Mi' } },
        },
      ];
      pod.resources = { limits: { 'hugepages-2Mi': '4Mi', memory: '1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.limits.hugepages-2Mi'],
  },
  {
    name: 'pod huge-page limit not a whole number of pages (validateResourceQuantityHugePageValue)',
    edit: (_d, pod) => {
      pod.resources = { limits: { 'hugepages-2Mi': '3Mi', memory: '1Gi' } };
    },
    expect: ['deployment/pod-resources', 'spec.template.spec.resources.limits.hugepages-2Mi'],
  },
  {
    name: 'container huge pages without cpu or memory of its own, the pod setting memory (validateResourceRequirements)',
    edit: (_d, pod, ctr) => {
      ctr.resources = { limits: { 'hugepages-2Mi': '2Mi' } };
      pod.resources = { limits: { 'hugepages-2Mi': '2Mi', memory: '1Gi' } };
    },
    expect: ['deployment/resource-quantities', 'spec.template.spec.containers[0].resources'],
  },
  {
    name: 'schedulerName of any shape (ValidatePodSpec does not check it)',
    edit: (_d, pod) => {
      pod.schedulerName = 'My_Scheduler/v2';
    },
    expect: ok,
  },
  {
    name: 'env names and envFrom prefix relaxed (RelaxedEnvironmentVariableValidation GA in 1.34)',
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: '1abc', value: 'v' }];
      ctr.envFrom = [{ prefix: '9', secretRef: { name: 's' } }];
    },
    expect: ok,
  },
];

function errorsOf(manifest: Obj, featureGates?: Record<string, boolean>): string[] {
  return errorFindings(JSON.stringify(manifest, null, 1), { featureGates }).map((d) => `${d.ruleId} ${d.path}`);
}

describe('Deployment verdicts match the upstream API server', () => {
  it.each(cases)('$name', ({ edit, expect: expected, gates }) => {
    const manifest = base();
    const pod = manifest.spec.template.spec;
    edit(manifest, pod, pod.containers[0]);
    const errors = errorsOf(manifest, gates);
    if (expected === 'ok') expect(errors).toEqual([]);
    else expect(errors).toContain(expected.join(' '));
  });
});

/**
 * Fields the server drops before it validates, while their feature gate is off: upstream's
 * strategies call pkg/api/pod/util.go dropDisabledFields (DropDisabledTemplateFields for a pod
 * template), read at the 1.35 tree stored for kubernetes/kubernetes. On a create the field goes
 * whatever it holds, so nothing inside it is an error; feature-gate/gated-field still warns that it
 * is dropped. `errors` lists every error left, as `ruleId path`.
 */
interface DropCase {
  name: string;
  gates: Record<string, boolean>;
  edit: (d: Obj, pod: Obj, ctr: Obj) => void;
  /** Where feature-gate/gated-field warns that the field is dropped. */
  dropped: string;
  errors: string[];
}

const dropCases: DropCase[] = [
  {
    name: 'fileKeyRef without key, path or volumeName, EnvFiles off (dropFileKeyRefInUse)',
    gates: { EnvFiles: false },
    edit: (_d, _pod, ctr) => {
      ctr.env = [
        { name: 'A', value: 'x' },
        { name: 'B', valueFrom: { fileKeyRef: {}, configMapKeyRef: { name: 'c', key: 'k' } } },
      ];
    },
    dropped: 'spec.template.spec.containers[0].env[1].valueFrom.fileKeyRef',
    errors: [],
  },
  // After the drop valueFrom is empty, and validateEnvVarValueFrom (pkg/apis/core/validation/validation.go) wants one source.
  {
    name: 'a variable whose only source is fileKeyRef, EnvFiles off (dropFileKeyRefInUse, then validateEnvVarValueFrom: no source)',
    gates: { EnvFiles: false },
    edit: (_d, _pod, ctr) => {
      ctr.env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'v', path: 'env', key: 'A' } } }];
    },
    dropped: 'spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef',
    errors: ['deployment/env-sources spec.template.spec.containers[0].env[0].valueFrom'],
  },
  {
    name: 'restart rules without an action, ContainerRestartRules off (dropContainerRestartRules)',
    gates: { ContainerRestartRules: false },
    edit: (_d, pod) => {
      pod.initContainers = [{ name: 'init', image: 'image', restartPolicyRules: [{ exitCodes: { operator: 'Bogus' } }] }];
    },
    dropped: 'spec.template.spec.initContainers[0].restartPolicyRules',
    errors: [],
  },
  {
    name: 'podCertificate without signerName or keyType, PodCertificateRequest off (dropDisabledPodCertificateProjection: the gate is PodCertificateRequest)',
    gates: { PodCertificateRequest: false },
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ podCertificate: { keyType: 'RSA2048' } }] } }];
    },
    dropped: 'spec.template.spec.volumes[0].projected.sources[0].podCertificate',
    errors: [],
  },
  {
    name: 'clusterTrustBundle with neither name nor signerName, ClusterTrustBundleProjection off (dropDisabledClusterTrustBundleProjection)',
    gates: { ClusterTrustBundleProjection: false },
    edit: (_d, pod) => {
      pod.volumes = [{ name: 'v', projected: { sources: [{ clusterTrustBundle: { path: 'ca.pem' } }] } }];
    },
    dropped: 'spec.template.spec.volumes[0].projected.sources[0].clusterTrustBundle',
    errors: [],
  },
  // The 1.35 tree drops this field's predecessor, workloadRef, by the same gate (dropDisabledWorkloadRef).
  {
    name: 'schedulingGroup without podGroupName, GenericWorkload off (dropDisabledWorkloadRef)',
    gates: { GenericWorkload: false },
    edit: (_d, pod) => {
      pod.schedulingGroup = {};
    },
    dropped: 'spec.template.spec.schedulingGroup',
    errors: [],
  },
  // Newer than the stored tree: dropped by its marker (+featureGate=EvictionRequestAPI, no forbidden-when-disabled).
  {
    name: 'evictionResponders entry without name or priority, EvictionRequestAPI off (the field marker)',
    gates: { EvictionRequestAPI: false },
    edit: (_d, pod) => {
      pod.evictionResponders = [{}];
    },
    dropped: 'spec.template.spec.evictionResponders',
    errors: [],
  },
  {
    name: 'pod-level resources with a bad quantity, PodLevelResources off (dropDisabledPodLevelResources)',
    gates: { PodLevelResources: false },
    edit: (_d, pod) => {
      pod.resources = { limits: { cpu: 'lots' } };
    },
    dropped: 'spec.template.spec.resources',
    errors: [],
  },
];

describe('fields dropped while their feature gate is off are not validated (dropDisabledFields)', () => {
  it.each(dropCases)('$name', ({ gates, edit, dropped, errors }) => {
    const manifest = base();
    const pod = manifest.spec.template.spec;
    edit(manifest, pod, pod.containers[0]);
    const findings = allFindings(JSON.stringify(manifest, null, 1), { featureGates: gates });
    expect(findings.filter((d) => d.severity === 'error').map((d) => `${d.ruleId} ${d.path}`)).toEqual(errors);
    expect(findings.filter((d) => d.ruleId === 'feature-gate/gated-field').map((d) => `${d.severity} ${d.path}`)).toEqual([
      `warning ${dropped}`,
    ]);
  });

  it.each(dropCases)('with the gate on, the same field is validated: $name', ({ gates, edit }) => {
    const manifest = base();
    const pod = manifest.spec.template.spec;
    edit(manifest, pod, pod.containers[0]);
    const on = Object.fromEntries(Object.keys(gates).map((gate) => [gate, true]));
    expect(errorsOf(manifest, on).length).toBeGreaterThan(0);
  });

  // A drop that depends on the value, so not a gate marker: init containers keep Always (sidecars).
  it("an init container's restartPolicy other than Always, ContainerRestartRules off, is dropped: a warning (dropContainerRestartRules)", () => {
    const manifest = base();
    manifest.spec.template.spec.initContainers = [
      { name: 'init', image: 'image', restartPolicy: 'OnFailure' },
      { name: 'proxy', image: 'image', restartPolicy: 'Always' },
    ];
    const findings = allFindings(JSON.stringify(manifest, null, 1), { featureGates: { ContainerRestartRules: false } });
    expect(
      findings.filter((d) => d.ruleId === 'deployment/container-restart-rules').map((d) => `${d.severity} ${d.path}`),
    ).toEqual(['warning spec.template.spec.initContainers[0].restartPolicy']);
    expect(findings.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('on an update, a gate the stored object already uses keeps its fields (podFileKeyRefInUse)', () => {
    const manifest = base();
    manifest.spec.template.spec.containers[0].env = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'v', path: 'env' } } }];
    const text = JSON.stringify(manifest, null, 1);
    const errors = (old?: string) =>
      errorFindings(text, { featureGates: { EnvFiles: false }, old }).map((d) => `${d.ruleId} ${d.path}`);
    expect(errors()).toEqual(['deployment/env-sources spec.template.spec.containers[0].env[0].valueFrom']);
    expect(errors(text)).toContain('schema/required spec.template.spec.containers[0].env[0].valueFrom.fileKeyRef.key');
  });
});
