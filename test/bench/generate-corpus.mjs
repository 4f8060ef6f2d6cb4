#!/usr/bin/env node
/**
 * Writes a deterministic corpus of VALID manifests and configuration files for lint
 * throughput benchmarks.
 *
 *   node test/bench/generate-corpus.mjs --out DIR [--documents 10000] [--seed 42]
 *
 * The same seed and document count always produce byte-identical files. Only Node
 * built-ins are used; the YAML is written by a small emitter below, so the output does
 * not depend on the version of any YAML library.
 *
 * Mix (by document): about 60% Deployments with full pod templates (3 to 5 KB each), the
 * rest Events, Endpoints, FlowSchemas with their PriorityLevelConfigurations,
 * MutatingAdmissionPolicies with their bindings, PodGroups, CompositePodGroups,
 * DeviceTaintRules and the apiserver.plat.io/v1beta1 configuration kinds. Every document
 * is meant to lint clean: only field names from the reference types (or spec document C
 * for the configuration kinds), names in the required formats, selectors that match the
 * template labels, well-typed CEL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

// ---------------------------------------------------------------------------------------
// Arguments

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    documents: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '42' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help || !args.out) {
  process.stderr.write('usage: node test/bench/generate-corpus.mjs --out DIR [--documents 10000] [--seed 42]\n');
  process.exit(args.help ? 0 : 2);
}
const totalDocuments = Number(args.documents);
const seed = Number(args.seed);
if (!Number.isInteger(totalDocuments) || totalDocuments < 1) {
  process.stderr.write('--documents must be a positive integer\n');
  process.exit(2);
}
if (!Number.isInteger(seed)) {
  process.stderr.write('--seed must be an integer\n');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32) and helpers

function mulberry32(a) {
  return function next() {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(seed >>> 0);
/** Integer in [min, max]. */
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;
/** `n` distinct elements of `list`, in list order (keeps sets free of duplicates). */
function sample(list, n) {
  const idx = list.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx
    .slice(0, Math.min(n, list.length))
    .sort((a, b) => a - b)
    .map((i) => list[i]);
}
const hex = (n) => {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(random() * 16)];
  return s;
};
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
const pad = (n, w = 2) => String(n).padStart(w, '0');
/** An RFC 3339 time in July 2026, optionally with microseconds (MicroTime). */
function timestamp(micro = false) {
  const base = `2026-07-${pad(int(1, 28))}T${pad(int(0, 23))}:${pad(int(0, 59))}:${pad(int(0, 59))}`;
  return micro ? `${base}.${pad(int(0, 999999), 6)}Z` : `${base}Z`;
}
let serial = 0;
/** A short unique suffix, so names never collide within the corpus. */
const uniq = () => (serial++).toString(36);

// ---------------------------------------------------------------------------------------
// Minimal YAML emitter (block style; flow style only for short lists of simple scalars)

const RESERVED = /^(y|n|yes|no|on|off|true|false|null|~)$/i;
const NUMBERISH = /^[-+]?(\d[\d_]*(\.\d*)?([eE][-+]?\d+)?|\.\d+([eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|\.inf|\.nan)$/i;
const SEXAGESIMAL = /^[-+]?\d+(:[0-5]?\d)+(\.\d*)?$/;
const DATEISH = /^\d{4}-\d\d?-\d\d?/;
const PLAIN = /^[A-Za-z0-9_/.$(][A-Za-z0-9_./:%@+=,()$ -]*$/;
const FLOW_ITEM = /^[A-Za-z0-9_/.][A-Za-z0-9_./:%@+-]*$/;

function isPlain(s) {
  return (
    s.length > 0 &&
    PLAIN.test(s) &&
    !RESERVED.test(s) &&
    !NUMBERISH.test(s) &&
    !SEXAGESIMAL.test(s) &&
    !DATEISH.test(s) &&
    !s.includes(': ') &&
    !s.includes(' #') &&
    !/^[-+]?[\d_.]+$/.test(s) &&
    !s.endsWith(':') &&
    !s.endsWith(' ')
  );
}
function scalar(v) {
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (isPlain(v)) return v;
  if (v.includes('"') && !v.includes("'") && !v.includes('\n')) return `'${v}'`;
  return JSON.stringify(v);
}
const isScalar = (v) => v === null || typeof v !== 'object';
function flowList(list) {
  if (list.length === 0) return '[]';
  if (list.length > 6) return null;
  const items = [];
  for (const v of list) {
    if (typeof v === 'number') items.push(String(v));
    else if (typeof v === 'string' && FLOW_ITEM.test(v) && isPlain(v)) items.push(v);
    else if (typeof v === 'string' && !v.includes('\n')) items.push(JSON.stringify(v));
    else return null;
  }
  const text = `[${items.join(', ')}]`;
  return text.length <= 60 ? text : null;
}
function emit(value, indent, out) {
  const sp = ' '.repeat(indent);
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isScalar(item)) out.push(`${sp}- ${scalar(item)}`);
      else if (Array.isArray(item)) {
        out.push(`${sp}-`);
        emit(item, indent + 2, out);
      } else {
        const inner = [];
        emit(item, indent + 2, inner);
        if (inner.length === 0) out.push(`${sp}- {}`);
        else {
          inner[0] = `${sp}- ${inner[0].slice(indent + 2)}`;
          out.push(...inner);
        }
      }
    }
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const k = isPlain(key) ? key : JSON.stringify(key);
    if (isScalar(v)) out.push(`${sp}${k}: ${scalar(v)}`);
    else if (Array.isArray(v)) {
      const flow = v.every(isScalar) ? flowList(v) : null;
      if (flow !== null) out.push(`${sp}${k}: ${flow}`);
      else {
        out.push(`${sp}${k}:`);
        emit(v, indent + 2, out);
      }
    } else if (Object.keys(v).filter((x) => v[x] !== undefined).length === 0) out.push(`${sp}${k}: {}`);
    else {
      out.push(`${sp}${k}:`);
      emit(v, indent + 2, out);
    }
  }
}
function toYaml(doc) {
  const out = [];
  emit(doc, 0, out);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------
// Vocabulary

const NAMESPACES = [
  'shop',
  'payments',
  'search',
  'identity',
  'analytics',
  'ml-serving',
  'ml-training',
  'media',
  'notifications',
  'platform-tools',
  'observability',
  'team-alpha',
  'team-beta',
  'prod-eu',
  'prod-us',
];
const WORDS = [
  'cart',
  'checkout',
  'catalog',
  'inventory',
  'pricing',
  'orders',
  'billing',
  'ledger',
  'auth',
  'session',
  'profile',
  'search',
  'indexer',
  'recommender',
  'gateway',
  'frontend',
  'thumbnail',
  'transcoder',
  'mailer',
  'notifier',
  'scheduler',
  'reporter',
  'exporter',
  'ingest',
  'router',
  'quota',
  'audit',
  'feature-flags',
  'geo',
  'tax',
  'shipping',
  'reviews',
  'wishlist',
  'payouts',
];
const SUFFIXES = ['api', 'worker', 'web', 'service', 'consumer', 'sync', 'cron', 'proxy', 'grpc'];
const TEAMS = ['storefront', 'payments', 'discovery', 'identity', 'data', 'ml', 'media', 'platform'];
const REGISTRIES = ['registry.example.com', 'ghcr.io/example-org', 'eu.registry.example.com'];
const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c', 'us-east-1a', 'us-east-1b'];
const ENV_VALUES = {
  LOG_LEVEL: ['info', 'debug', 'warn'],
  LOG_FORMAT: ['json', 'text'],
  APP_ENV: ['production', 'staging'],
  HTTP_TIMEOUT: ['5s', '10s', '30s'],
  CACHE_TTL: ['60s', '5m', '15m'],
  MAX_CONNECTIONS: ['64', '128', '256'],
  WORKER_THREADS: ['2', '4', '8'],
  OTEL_EXPORTER_OTLP_ENDPOINT: ['http://otel-collector.observability:4317'],
  OTEL_SERVICE_NAME: null,
  FEATURE_NEW_CHECKOUT: ['true', 'false'],
  REGION: ['eu-west-1', 'us-east-1'],
  GOMAXPROCS: ['2', '4'],
};
const CPU = ['50m', '100m', '200m', '250m', '500m', '750m', '1', '2'];
const MEMORY = ['64Mi', '128Mi', '256Mi', '384Mi', '512Mi', '768Mi', '1Gi', '2Gi'];
const VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];
const API_GROUPS = ['', 'apps', 'batch', 'scheduling.plat.io', 'resource.plat.io', 'networking.plat.io'];
const RESOURCES = [
  'pods',
  'pods/status',
  'services',
  'configmaps',
  'secrets',
  'deployments',
  'deployments/scale',
  'jobs',
  'podgroups',
  'events',
  'endpoints',
  'resourceclaims',
];

const appName = () => `${pick(WORDS)}-${pick(SUFFIXES)}`;
const semver = () => `${int(0, 9)}.${int(0, 30)}.${int(0, 20)}`;
const image = (repo) => `${pick(REGISTRIES)}/${repo}:${semver()}`;
let ipSerial = 0;
/** Pod IPs from 10.0.0.0/8, never repeated (an address may not be both ready and not ready). */
function ipv4() {
  const n = ipSerial++;
  return `10.${(n / 64516) & 255}.${Math.floor(n / 254) % 254}.${(n % 254) + 1}`;
}
/** Doubles a quantity from MEMORY/CPU, for limits that are never below requests. */
function doubled(q) {
  const m = /^(\d+)(m|Mi|Gi)?$/.exec(q);
  return `${Number(m[1]) * 2}${m[2] ?? ''}`;
}

// ---------------------------------------------------------------------------------------
// Deployment

const SIDECARS = [
  {
    name: 'log-shipper',
    repo: 'observability/log-shipper',
    args: ['--input=/var/log/app', '--output=forward://log-aggregator.observability:24224'],
    mounts: [{ name: 'app-logs', mountPath: '/var/log/app', readOnly: true }],
  },
  {
    name: 'metrics-exporter',
    repo: 'observability/exporter',
    args: ['--scrape-uri=http://localhost:9090/metrics'],
    port: { name: 'exporter', containerPort: 9100 },
  },
  {
    name: 'auth-proxy',
    repo: 'identity/auth-proxy',
    args: ['--upstream=http://localhost:8080', '--http-address=0.0.0.0:4180'],
    port: { name: 'proxy', containerPort: 4180 },
    probe: true,
  },
  {
    name: 'config-reloader',
    repo: 'platform/config-reloader',
    args: ['--watch-dir=/etc/app', '--webhook-url=http://localhost:8080/-/reload'],
    mounts: [{ name: 'config', mountPath: '/etc/app', readOnly: true }],
  },
];

function resources(big) {
  const cpu = big ? pick(CPU.slice(2)) : pick(CPU.slice(0, 3));
  const mem = big ? pick(MEMORY.slice(2)) : pick(MEMORY.slice(0, 3));
  const r = { requests: { cpu, memory: mem }, limits: { memory: doubled(mem) } };
  if (chance(0.5)) r.limits = { cpu: doubled(cpu), memory: doubled(mem) };
  if (big && chance(0.3)) {
    r.requests['ephemeral-storage'] = '1Gi';
    r.limits['ephemeral-storage'] = '2Gi';
  }
  return r;
}

function env(app, ns) {
  const names = sample(Object.keys(ENV_VALUES), int(1, 4));
  const list = names.map((name) => ({
    name,
    value: ENV_VALUES[name] ? pick(ENV_VALUES[name]) : app,
  }));
  list.push({ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } });
  if (chance(0.5))
    list.push({ name: 'POD_NAMESPACE', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } } });
  if (chance(0.3)) list.push({ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } });
  if (chance(0.4))
    list.push({
      name: 'DATABASE_PASSWORD',
      valueFrom: { secretKeyRef: { name: `${app}-db`, key: 'password' } },
    });
  if (chance(0.4))
    list.push({
      name: 'UPSTREAM_URL',
      valueFrom: { configMapKeyRef: { name: `${app}-config`, key: 'upstream-url', optional: true } },
    });
  if (chance(0.3))
    list.push({
      name: 'MEMORY_LIMIT',
      valueFrom: { resourceFieldRef: { containerName: app.slice(0, 63), resource: 'limits.memory' } },
    });
  if (chance(0.2)) list.push({ name: 'CLUSTER_DOMAIN', value: `${ns}.svc.cluster.local` });
  return list;
}

function httpProbe(port, pathName, extra) {
  return { httpGet: { path: pathName, port }, ...extra };
}

function deployment() {
  const app = appName();
  const name = `${app}-${uniq()}`;
  const ns = pick(NAMESPACES);
  const team = pick(TEAMS);
  const version = semver();
  const selector = { 'app.example.com/name': app, 'app.example.com/instance': name };
  const grpc = chance(0.25);
  const metricsPort = chance(0.6);

  const protocol = chance(0.5) ? 'TCP' : undefined;
  const mainPorts = [{ name: 'http', containerPort: 8080, protocol }];
  if (grpc) mainPorts.push({ name: 'grpc', containerPort: 50051, protocol });
  if (metricsPort) mainPorts.push({ name: 'metrics', containerPort: 9090, protocol });

  const volumes = [
    { name: 'config', configMap: { name: `${app}-config`, defaultMode: 420 } },
    { name: 'tmp', emptyDir: { sizeLimit: pick(['64Mi', '128Mi', '256Mi']) } },
  ];
  const mounts = [
    { name: 'config', mountPath: '/etc/app', readOnly: true },
    { name: 'tmp', mountPath: '/tmp' },
  ];
  if (chance(0.35)) {
    volumes.push({
      name: 'tls',
      secret: {
        secretName: `${app}-tls`,
        items: [
          { key: 'tls.crt', path: 'tls.crt' },
          { key: 'tls.key', path: 'tls.key' },
        ],
      },
    });
    mounts.push({ name: 'tls', mountPath: '/etc/tls', readOnly: true });
  }
  if (chance(0.2)) {
    volumes.push({ name: 'data', persistentVolumeClaim: { claimName: `${app}-data` } });
    mounts.push({ name: 'data', mountPath: '/var/lib/app' });
  }
  if (chance(0.15)) {
    volumes.push({
      name: 'podinfo',
      downwardAPI: {
        items: [
          { path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } },
          { path: 'annotations', fieldRef: { fieldPath: 'metadata.annotations' } },
        ],
      },
    });
    mounts.push({ name: 'podinfo', mountPath: '/etc/podinfo', readOnly: true });
  }

  const containerSecurity = {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
  };
  const main = {
    name: app,
    image: image(`${team}/${app}`),
    imagePullPolicy: pick(['IfNotPresent', 'Always']),
    args: chance(0.6) ? ['--listen=:8080', `--log-level=${pick(['info', 'debug'])}`] : undefined,
    ports: mainPorts,
    env: env(app, ns),
    envFrom: chance(0.3) ? [{ configMapRef: { name: `${app}-env` } }] : undefined,
    resources: resources(true),
    startupProbe: chance(0.2) ? httpProbe('http', '/healthz', { periodSeconds: 5, failureThreshold: 30 }) : undefined,
    readinessProbe: grpc
      ? { grpc: { port: 50051 }, periodSeconds: 10, timeoutSeconds: 2 }
      : httpProbe(
          'http',
          '/ready',
          chance(0.5) ? { initialDelaySeconds: int(1, 10), periodSeconds: 10, failureThreshold: 3 } : { periodSeconds: 10 },
        ),
    livenessProbe: chance(0.5)
      ? httpProbe('http', '/healthz', { periodSeconds: 20, timeoutSeconds: 3, failureThreshold: 3 })
      : { tcpSocket: { port: 'http' }, initialDelaySeconds: 15, periodSeconds: 20 },
    lifecycle: chance(0.3) ? { preStop: { exec: { command: ['/bin/sh', '-c', `sleep ${int(5, 15)}`] } } } : undefined,
    volumeMounts: mounts,
    securityContext: containerSecurity,
    terminationMessagePolicy: chance(0.3) ? 'FallbackToLogsOnError' : undefined,
  };

  const containers = [main];
  const sidecars = sample(SIDECARS, pick([0, 0, 0, 0, 1, 1, 2]));
  for (const s of sidecars) {
    if (s.name === app || (s.name === 'metrics-exporter' && !metricsPort)) continue;
    const c = {
      name: s.name,
      image: image(s.repo),
      args: s.args,
      ports: s.port ? [s.port] : undefined,
      resources: resources(false),
      readinessProbe: s.probe ? httpProbe(s.port.name, '/ping', { periodSeconds: 10 }) : undefined,
      volumeMounts: s.mounts,
      securityContext: containerSecurity,
    };
    if (s.name === 'log-shipper') {
      volumes.push({ name: 'app-logs', emptyDir: {} });
      main.volumeMounts.push({ name: 'app-logs', mountPath: '/var/log/app' });
    }
    containers.push(c);
  }

  const podSpec = {
    serviceAccountName: chance(0.7) ? app : undefined,
    automountServiceAccountToken: chance(0.5) ? false : undefined,
    priorityClassName: chance(0.3) ? pick(['business-critical', 'default-priority', 'batch-low']) : undefined,
    terminationGracePeriodSeconds: pick([30, 45, 60]),
    securityContext: {
      runAsNonRoot: true,
      runAsUser: 10001,
      runAsGroup: 10001,
      fsGroup: 10001,
      seccompProfile: { type: 'RuntimeDefault' },
    },
    imagePullSecrets: chance(0.4) ? [{ name: 'registry-credentials' }] : undefined,
    nodeSelector: chance(0.2) ? { 'node.example.com/pool': pick(['general', 'memory-optimized', 'compute']) } : undefined,
    initContainers: chance(0.2)
      ? [
          {
            name: 'wait-for-db',
            image: image('platform/wait-for'),
            args: ['--timeout=120s', `${app}-db.${ns}:5432`],
            resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '32Mi' } },
            securityContext: containerSecurity,
          },
        ]
      : undefined,
    containers,
    volumes,
    affinity: {
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 100,
            podAffinityTerm: { topologyKey: 'plat.io/hostname', labelSelector: { matchLabels: { ...selector } } },
          },
        ],
      },
      nodeAffinity: chance(0.3)
        ? {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                {
                  matchExpressions: [
                    { key: 'plat.io/os', operator: 'In', values: ['linux'] },
                    { key: 'plat.io/arch', operator: 'In', values: sample(['amd64', 'arm64'], int(1, 2)) },
                  ],
                },
              ],
            },
            preferredDuringSchedulingIgnoredDuringExecution: chance(0.5)
              ? [
                  {
                    weight: int(1, 100),
                    preference: {
                      matchExpressions: [{ key: 'topology.plat.io/zone', operator: 'In', values: sample(ZONES, 2) }],
                    },
                  },
                ]
              : undefined,
          }
        : undefined,
    },
    topologySpreadConstraints: chance(0.35)
      ? [
          {
            maxSkew: 1,
            topologyKey: 'topology.plat.io/zone',
            whenUnsatisfiable: pick(['ScheduleAnyway', 'DoNotSchedule']),
            labelSelector: { matchLabels: { ...selector } },
          },
        ]
      : undefined,
    tolerations: chance(0.5)
      ? sample(
          [
            { key: 'node.example.com/spot', operator: 'Exists', effect: 'NoSchedule' },
            { key: 'node.example.com/dedicated', operator: 'Equal', value: team, effect: 'NoSchedule' },
            { key: 'node.plat.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
            { key: 'node.plat.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
          ],
          int(1, 3),
        )
      : undefined,
  };

  const minReady = chance(0.4) ? int(5, 30) : undefined;
  const strategy = chance(0.85)
    ? {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: pick([1, 2, '25%', '50%']), maxUnavailable: pick([0, 1, '25%']) },
      }
    : { type: 'Recreate' };

  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace: ns,
      labels: {
        ...selector,
        'app.example.com/version': version,
        'app.example.com/part-of': ns,
        'app.example.com/managed-by': pick(['helm', 'kustomize', 'argocd']),
        team,
      },
      annotations: {
        'example.com/owner': `team-${team}`,
        'example.com/git-commit': hex(40),
        'example.com/runbook': chance(0.5) ? `https://runbooks.example.com/${ns}/${app}` : undefined,
        'example.com/description': chance(0.4) ? `${app} serves the ${pick(WORDS)} features of ${ns}` : undefined,
      },
    },
    spec: {
      replicas: int(1, 12),
      revisionHistoryLimit: chance(0.5) ? int(3, 10) : undefined,
      minReadySeconds: minReady,
      progressDeadlineSeconds: chance(0.5) ? pick([300, 600, 900]) : undefined,
      selector: { matchLabels: selector },
      strategy,
      template: {
        metadata: {
          labels: { ...selector, 'app.example.com/version': version, team },
          annotations: { 'example.com/config-checksum': hex(16) },
        },
        spec: podSpec,
      },
    },
  };
}

// ---------------------------------------------------------------------------------------
// Other resource kinds

const EVENT_TEMPLATES = [
  {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    type: 'Normal',
    reason: 'ScalingReplicaSet',
    component: 'deployment-controller',
    message: (n) => `Scaled up replica set ${n}-${hex(9)} from ${int(1, 3)} to ${int(4, 8)}`,
  },
  {
    kind: 'Pod',
    apiVersion: 'v1',
    type: 'Normal',
    reason: 'Pulled',
    component: 'kubelet',
    message: () => `Successfully pulled image "${image('shop/app')}" in ${int(1, 9)}.${int(100, 999)}s`,
  },
  {
    kind: 'Pod',
    apiVersion: 'v1',
    type: 'Normal',
    reason: 'Started',
    component: 'kubelet',
    message: () => 'Started container app',
  },
  {
    kind: 'Pod',
    apiVersion: 'v1',
    type: 'Warning',
    reason: 'Unhealthy',
    component: 'kubelet',
    message: () => `Readiness probe failed: HTTP probe failed with statuscode: ${pick([500, 502, 503])}`,
  },
  {
    kind: 'Pod',
    apiVersion: 'v1',
    type: 'Warning',
    reason: 'BackOff',
    component: 'kubelet',
    message: () => 'Back-off restarting failed container app',
  },
  {
    kind: 'Pod',
    apiVersion: 'v1',
    type: 'Warning',
    reason: 'FailedScheduling',
    component: 'default-scheduler',
    message: () => `0/${int(3, 40)} nodes are available: insufficient memory.`,
  },
];

function event() {
  const t = pick(EVENT_TEMPLATES);
  const ns = pick(NAMESPACES);
  const owner = `${appName()}-${uniq()}`;
  const objName = t.kind === 'Pod' ? `${owner}-${hex(9)}-${hex(5)}` : owner;
  const first = timestamp();
  const doc = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${objName}.${hex(16)}`, namespace: ns },
    involvedObject: {
      apiVersion: t.apiVersion,
      kind: t.kind,
      namespace: ns,
      name: objName,
      uid: uuid(),
      resourceVersion: String(int(1000, 9999999)),
      fieldPath: t.kind === 'Pod' && t.component === 'kubelet' ? 'spec.containers{app}' : undefined,
    },
    reason: t.reason,
    message: t.message(owner),
    source:
      t.component === 'kubelet'
        ? { component: 'kubelet', host: `worker-${hex(4)}.cluster.example.com` }
        : { component: t.component },
    firstTimestamp: first,
    lastTimestamp: first,
    count: t.type === 'Warning' ? int(1, 40) : 1,
    type: t.type,
  };
  if (chance(0.25)) {
    // new-style event: eventTime with the reporting fields it requires
    delete doc.firstTimestamp;
    delete doc.lastTimestamp;
    delete doc.count;
    doc.eventTime = timestamp(true);
    doc.reportingComponent = t.component;
    doc.reportingInstance = `${t.component}-${hex(6)}`;
    doc.action = pick(['Scheduling', 'Pulling', 'Scaling', 'Probing']);
    if (chance(0.5)) doc.series = { count: int(2, 20), lastObservedTime: timestamp(true) };
  }
  return doc;
}

function endpoints() {
  const app = `${appName()}-${uniq()}`;
  const ns = pick(NAMESPACES);
  const subsets = [];
  for (let s = int(1, 2); s > 0; s--) {
    const portCount = int(1, 3);
    const ports = sample(
      [
        { name: 'http', port: 8080, protocol: 'TCP', appProtocol: 'http' },
        { name: 'grpc', port: 50051, protocol: 'TCP', appProtocol: 'plat.io/h2c' },
        { name: 'metrics', port: 9090, protocol: 'TCP' },
        { name: 'dns', port: 53, protocol: 'UDP' },
      ],
      portCount,
    );
    if (portCount === 1 && chance(0.5)) delete ports[0].name;
    const addresses = [];
    for (let i = int(1, 6); i > 0; i--) {
      const a = { ip: ipv4(), nodeName: `worker-${hex(4)}.cluster.example.com` };
      if (chance(0.7)) a.targetRef = { kind: 'Pod', namespace: ns, name: `${app}-${hex(9)}-${hex(5)}`, uid: uuid() };
      addresses.push(a);
    }
    const subset = { addresses };
    if (chance(0.3)) subset.notReadyAddresses = [{ ip: ipv4(), nodeName: `worker-${hex(4)}.cluster.example.com` }];
    subset.ports = ports;
    subsets.push(subset);
  }
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: app, namespace: ns, labels: { 'app.example.com/name': app } },
    subsets,
  };
}

function priorityLevel(name) {
  const t = random();
  let spec;
  // Only the built-in `exempt` level may be Exempt (flowschema/builtin-priority-level); no further
  // random draw here, so the rest of the corpus stays what the seed made before.
  if (t < 0.15)
    spec = { type: 'Limited', limited: { nominalConcurrencyShares: 5, lendablePercent: 0, limitResponse: { type: 'Reject' } } };
  else if (t < 0.35)
    spec = {
      type: 'Limited',
      limited: { nominalConcurrencyShares: int(5, 20), lendablePercent: int(0, 50), limitResponse: { type: 'Reject' } },
    };
  else
    spec = {
      type: 'Limited',
      limited: {
        nominalConcurrencyShares: int(10, 100),
        lendablePercent: int(0, 100),
        borrowingLimitPercent: chance(0.5) ? int(0, 200) : undefined,
        limitResponse: {
          type: 'Queue',
          queuing: { queues: pick([16, 32, 64, 128]), handSize: int(4, 8), queueLengthLimit: pick([25, 50, 100]) },
        },
      },
    };
  return { apiVersion: 'flowcontrol.apiserver.plat.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name }, spec };
}

function subject() {
  const k = random();
  if (k < 0.4)
    return {
      kind: 'ServiceAccount',
      serviceAccount: { name: chance(0.3) ? '*' : `${pick(WORDS)}-controller`, namespace: pick(NAMESPACES) },
    };
  if (k < 0.7) return { kind: 'User', user: { name: `${pick(WORDS)}-bot@example.com` } };
  return { kind: 'Group', group: { name: `example:${pick(TEAMS)}-operators` } };
}

function flowSchema(level) {
  const rules = [];
  for (let r = int(1, 2); r > 0; r--) {
    const rule = { subjects: Array.from({ length: int(1, 3) }, subject) };
    if (chance(0.85)) {
      rule.resourceRules = Array.from({ length: int(1, 2) }, () => {
        const cluster = chance(0.3);
        return {
          verbs: chance(0.15) ? ['*'] : sample(VERBS, int(1, 4)),
          apiGroups: chance(0.15) ? ['*'] : sample(API_GROUPS, int(1, 3)),
          resources: chance(0.1) ? ['*'] : sample(RESOURCES, int(1, 4)),
          clusterScope: cluster ? true : undefined,
          namespaces: cluster ? (chance(0.5) ? ['*'] : undefined) : chance(0.3) ? ['*'] : sample(NAMESPACES, int(1, 3)),
        };
      });
    }
    if (!rule.resourceRules || chance(0.3)) {
      rule.nonResourceRules = [
        {
          verbs: ['get'],
          nonResourceURLs: sample(['/healthz', '/readyz', '/livez', '/metrics', '/version', '/livez/*'], int(1, 3)),
        },
      ];
    }
    rules.push(rule);
  }
  return {
    apiVersion: 'flowcontrol.apiserver.plat.io/v1',
    kind: 'FlowSchema',
    metadata: { name: `${level}-${pick(WORDS)}-${uniq()}` },
    spec: {
      priorityLevelConfiguration: { name: level },
      matchingPrecedence: int(2, 9999),
      distinguisherMethod: chance(0.7) ? { type: pick(['ByUser', 'ByNamespace']) } : undefined,
      rules,
    },
  };
}

const POLICIES = [
  (name) => ({
    spec: {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConstraints: {
        resourceRules: [
          { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] },
        ],
      },
      matchConditions: [
        { name: 'has-minimum', expression: 'params != null && "min-replicas" in params.data' },
        {
          name: 'below-minimum',
          expression: '!has(object.spec.replicas) || object.spec.replicas < int(params.data["min-replicas"])',
        },
      ],
      variables: [{ name: 'minReplicas', expression: 'int(params.data["min-replicas"])' }],
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: { expression: 'Object{spec: Object.spec{replicas: variables.minReplicas}}' },
        },
      ],
      failurePolicy: 'Fail',
      reinvocationPolicy: 'Never',
    },
    binding: {
      policyName: name,
      paramRef: { name: `${name}-params`, namespace: 'platform-config', parameterNotFoundAction: 'Deny' },
    },
  }),
  (name) => ({
    spec: {
      matchConstraints: {
        namespaceSelector: { matchLabels: { 'mesh.example.com/injection': 'enabled' } },
        resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }],
      },
      matchConditions: [
        {
          name: 'not-yet-injected',
          expression:
            '!has(object.spec.template.spec.initContainers) || !object.spec.template.spec.initContainers.exists(c, c.name == "mesh-proxy")',
        },
      ],
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression:
              'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{initContainers: [Object.spec.template.spec.initContainers{name: "mesh-proxy", image: "registry.example.com/mesh/proxy:1.9.2", restartPolicy: "Always"}]}}}}',
          },
        },
      ],
      failurePolicy: 'Ignore',
      reinvocationPolicy: 'IfNeeded',
    },
    binding: { policyName: name },
  }),
  (name, ns) => ({
    spec: {
      matchConstraints: {
        resourceRules: [
          { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] },
        ],
      },
      matchConditions: [{ name: 'in-namespace', expression: `request.namespace == "${ns}"` }],
      mutations: [
        {
          patchType: 'JSONPatch',
          jsonPatch: {
            expression: `[JSONPatch{op: "add", path: "/metadata/labels/env", value: "${pick(['prod', 'staging'])}"}]`,
          },
        },
      ],
      failurePolicy: 'Fail',
      reinvocationPolicy: 'Never',
    },
    binding: {
      policyName: name,
      matchResources: { namespaceSelector: { matchLabels: { 'example.com/tier': pick(['production', 'staging']) } } },
    },
  }),
  (name) => ({
    spec: {
      matchConstraints: {
        resourceRules: [
          { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] },
        ],
      },
      variables: [{ name: 'containerNames', expression: 'object.spec.template.spec.containers.map(c, c.name)' }],
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: {
            expression:
              'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: variables.containerNames.map(n, Object.spec.template.spec.containers{name: n, imagePullPolicy: "Always"})}}}}',
          },
        },
      ],
      reinvocationPolicy: 'IfNeeded',
    },
    binding: {
      policyName: name,
      matchResources: {
        namespaceSelector: { matchExpressions: [{ key: 'example.com/tier', operator: 'NotIn', values: ['sandbox'] }] },
      },
    },
  }),
  (name) => ({
    spec: {
      matchConstraints: {
        resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }],
      },
      matchConditions: [{ name: 'has-annotations', expression: 'has(object.spec.template.metadata.annotations)' }],
      mutations: [
        {
          patchType: 'JSONPatch',
          jsonPatch: {
            expression: `[JSONPatch{op: "add", path: "/spec/template/metadata/annotations/" + jsonpatch.escapeKey("example.com/admitted-by"), value: "${name}"}]`,
          },
        },
      ],
      failurePolicy: 'Ignore',
      reinvocationPolicy: 'Never',
    },
    binding: { policyName: name },
  }),
];

function admissionPair() {
  const i = Math.floor(random() * POLICIES.length);
  const name = `${['min-replicas', 'mesh-proxy', 'env-label', 'pull-always', 'admitted-by'][i]}-${uniq()}`;
  const { spec, binding } = POLICIES[i](name, pick(NAMESPACES));
  return [
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name, labels: { 'example.com/owner': 'platform' } },
      spec,
    },
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name: `${name}-binding` },
      spec: binding,
    },
  ];
}

function podGroup() {
  const job = `${pick(['llm', 'recsys', 'vision', 'speech'])}-${pick(['pretrain', 'finetune', 'eval'])}-${uniq()}`;
  const gang = chance(0.7);
  return {
    apiVersion: 'scheduling.plat.io/v1beta1',
    kind: 'PodGroup',
    metadata: {
      name: `${job}-${pick(['workers', 'launcher', 'ps'])}`,
      namespace: pick(['ml-training', 'ml-serving']),
      labels: { 'app.example.com/name': job },
    },
    spec: {
      workloadRef: chance(0.8)
        ? { workloadName: job, templateName: pick(['workers', 'launcher', 'parameter-servers']) }
        : undefined,
      schedulingPolicy: gang ? { gang: { minCount: pick([2, 4, 8, 16, 32]) } } : { basic: {} },
      disruptionMode: chance(0.6) ? (gang && chance(0.7) ? { all: {} } : { single: {} }) : undefined,
      priorityClassName: chance(0.5) ? pick(['training-high', 'training-low', 'serving']) : undefined,
    },
  };
}

function compositePodGroup() {
  const job = `${pick(['llm', 'recsys', 'vision'])}-${pick(['pretrain', 'finetune'])}-${uniq()}`;
  const child = chance(0.5);
  return {
    apiVersion: 'scheduling.plat.io/v1alpha3',
    kind: 'CompositePodGroup',
    metadata: { name: child ? `${job}-stage-${int(1, 4)}` : `${job}-root`, namespace: 'ml-training' },
    spec: {
      parentCompositePodGroupName: child ? `${job}-root` : undefined,
      workloadRef: { workloadName: job, templateName: child ? `stage-${int(1, 4)}` : 'root' },
      schedulingPolicy: chance(0.6) ? { gang: { minGroupCount: int(1, 8) } } : { basic: {} },
      schedulingConstraints: chance(0.5)
        ? { topology: [{ key: pick(['topology.plat.io/zone', 'topology.plat.io/region', 'network.example.com/spine']) }] }
        : undefined,
      priorityClassName: chance(0.5) ? 'training-high' : undefined,
    },
  };
}

function deviceTaintRule() {
  const driver = pick(['gpu.example.com', 'fpga.accel.example.com', 'nic.example.com']);
  const node = `node-${hex(5)}`;
  const sel = { driver };
  if (chance(0.7)) sel.pool = node;
  if (chance(0.5)) sel.device = `${driver.split('.')[0]}-${int(0, 7)}`;
  return {
    apiVersion: 'resource.plat.io/v1',
    kind: 'DeviceTaintRule',
    metadata: { name: `${node}-${driver.split('.')[0]}-${uniq()}` },
    spec: {
      deviceSelector: sel,
      taint: {
        key: pick(['example.com/maintenance', `${driver}/unhealthy`, 'example.com/reserved']),
        value: chance(0.7) ? pick(['planned', 'ecc-errors', 'firmware-upgrade', 'team-ml']) : undefined,
        effect: pick(['None', 'NoSchedule', 'NoExecute']),
        timeAdded: chance(0.3) ? timestamp() : undefined,
      },
    },
  };
}

// ---------------------------------------------------------------------------------------
// Configuration kinds (apiserver.plat.io/v1beta1)

const CONFIG = 'apiserver.plat.io/v1beta1';

function authenticationConfiguration() {
  const jwt = [];
  const hosts = sample(
    ['sso.example.com', 'login.example.net', 'ci.example.com', 'idp.example.org', 'auth.example.io'],
    int(1, 3),
  );
  for (const host of hosts) {
    const audiences = sample(['platform-api', 'platform-cli', 'platform-dashboard', `${host.split('.')[0]}-client`], int(1, 3));
    const byEmail = chance(0.4);
    const a = {
      issuer: {
        url: `https://${host}${chance(0.5) ? `/realms/${pick(TEAMS)}` : ''}`,
        audiences,
        audienceMatchPolicy: audiences.length > 1 ? 'MatchAny' : undefined,
        egressSelectorType: chance(0.3) ? pick(['controlplane', 'cluster']) : undefined,
      },
      claimValidationRules: byEmail
        ? [{ expression: 'claims.email_verified == true', message: 'email must be verified' }]
        : chance(0.4)
          ? [{ claim: 'hd', requiredValue: 'example.com' }]
          : undefined,
      claimMappings: {
        username: byEmail
          ? { expression: `"${host.split('.')[0]}:" + claims.email` }
          : { claim: 'sub', prefix: `${host.split('.')[0]}:` },
        groups: chance(0.7) ? { claim: 'groups', prefix: `${host.split('.')[0]}:` } : undefined,
        uid: chance(0.5) ? { claim: 'sub' } : undefined,
        extra: chance(0.4)
          ? [{ key: 'example.com/tenant', valueExpression: 'has(claims.tenant) ? claims.tenant : ""' }]
          : undefined,
      },
      userValidationRules: chance(0.5)
        ? [{ expression: '!user.username.startsWith("system:")', message: 'the system: prefix is reserved' }]
        : undefined,
    };
    jwt.push(a);
  }
  const anonymous = chance(0.5)
    ? { enabled: true, conditions: sample(['/livez', '/readyz', '/healthz'], int(1, 3)).map((p) => ({ path: p })) }
    : { enabled: false, conditions: [] };
  return { apiVersion: CONFIG, kind: 'AuthenticationConfiguration', jwt, anonymous };
}

function webhookAuthorizer(name) {
  const conditions = chance(0.7)
    ? sample(
        [
          'has(request.resourceAttributes)',
          `request.resourceAttributes.namespace.startsWith("${pick(['team-', 'tenant-', 'prod-'])}")`,
          '!(request.user in ["system:apiserver"])',
          'request.groups.exists(g, g == "example:tenants")',
        ],
        int(1, 3),
      ).map((expression) => ({ expression }))
    : [];
  const file = chance(0.6);
  return {
    type: 'Webhook',
    name,
    webhook: {
      timeout: pick(['1s', '3s', '5s', '10s', '30s']),
      authorizedTTL: pick(['1m', '5m', '10m']),
      unauthorizedTTL: pick(['10s', '30s']),
      cacheAuthorizedRequests: chance(0.5) ? true : undefined,
      cacheUnauthorizedRequests: chance(0.3) ? false : undefined,
      subjectAccessReviewVersion: pick(['v1', 'v1beta1']),
      matchConditionSubjectAccessReviewVersion: 'v1',
      failurePolicy: pick(['NoOpinion', 'Deny']),
      connectionInfo: file
        ? { type: 'PlatConfigFile', platConfigFile: `/etc/platform/authz/${name}.kubeconfig` }
        : { type: 'InClusterConfig' },
      matchConditions: conditions,
    },
  };
}

function authorizationConfiguration() {
  const authorizers = [];
  if (chance(0.6)) authorizers.push({ type: 'Node', name: 'node' });
  if (chance(0.8)) authorizers.push({ type: 'RBAC', name: 'rbac' });
  for (const n of sample(['tenant-policy', 'policy-engine', 'audit-guard'], int(1, 2))) authorizers.push(webhookAuthorizer(n));
  return { apiVersion: CONFIG, kind: 'AuthorizationConfiguration', authorizers };
}

function egressSelectorConfiguration() {
  const cluster = chance(0.5)
    ? { proxyProtocol: 'GRPC', transport: { uds: { udsName: '/etc/platform/konnectivity-server/konnectivity-server.socket' } } }
    : {
        proxyProtocol: 'HTTPConnect',
        transport: {
          tcp: {
            url: `https://konnectivity.${pick(['internal.example.com', 'cp.example.net'])}:8131`,
            tlsConfig: {
              caBundle: '/etc/platform/pki/konnectivity-ca.crt',
              clientKey: '/etc/platform/pki/konnectivity-client.key',
              clientCert: '/etc/platform/pki/konnectivity-client.crt',
            },
          },
        },
      };
  const egressSelections = [{ name: 'cluster', connection: cluster }];
  if (chance(0.7)) egressSelections.push({ name: 'controlplane', connection: { proxyProtocol: 'Direct' } });
  if (chance(0.5)) egressSelections.push({ name: 'etcd', connection: { proxyProtocol: 'Direct' } });
  return { apiVersion: CONFIG, kind: 'EgressSelectorConfiguration', egressSelections };
}

function tracingConfiguration() {
  return {
    apiVersion: CONFIG,
    kind: 'TracingConfiguration',
    endpoint: chance(0.6)
      ? pick(['localhost:4317', 'otel-collector.observability.svc:4317', 'unix:///var/run/otel/collector.sock'])
      : undefined,
    samplingRatePerMillion: pick([100, 1000, 10000, 100000]),
  };
}

// ---------------------------------------------------------------------------------------
// The mix: units of one or more documents, drawn by weight

const UNITS = [
  [80, () => [deployment()]],
  [9, () => [event()]],
  [6, () => [endpoints()]],
  [
    5,
    () => {
      const level = `${pick(['tenant', 'batch', 'controllers', 'interactive'])}-${uniq()}`;
      const docs = [priorityLevel(level)];
      for (let i = int(1, 3); i > 0; i--) docs.push(flowSchema(level));
      return docs;
    },
  ],
  [5, admissionPair],
  [4, () => [podGroup()]],
  [3, () => [compositePodGroup()]],
  [3, () => [deviceTaintRule()]],
  [1.5, () => [authenticationConfiguration()]],
  [1.5, () => [authorizationConfiguration()]],
  [1, () => [egressSelectorConfiguration()]],
  [1, () => [tracingConfiguration()]],
];
const totalWeight = UNITS.reduce((s, [w]) => s + w, 0);
function nextUnit() {
  let r = random() * totalWeight;
  for (const [w, make] of UNITS) {
    r -= w;
    if (r < 0) return make();
  }
  return UNITS[0][1]();
}

// ---------------------------------------------------------------------------------------
// Write

const outDir = path.resolve(args.out);
fs.mkdirSync(outDir, { recursive: true });
for (const f of fs.readdirSync(outDir)) if (/^corpus-\d+\.yaml$/.test(f)) fs.rmSync(path.join(outDir, f));

const queue = [];
let written = 0;
let files = 0;
let bytes = 0;
while (written < totalDocuments) {
  const want = Math.min(int(5, 20), totalDocuments - written);
  while (queue.length < want) queue.push(...nextUnit());
  const docs = queue.splice(0, want);
  const text = docs.map(toYaml).join('---\n');
  files++;
  const file = path.join(outDir, `corpus-${String(files).padStart(5, '0')}.yaml`);
  fs.writeFileSync(file, text);
  written += docs.length;
  bytes += Buffer.byteLength(text);
}
process.stdout.write(`files=${files} documents=${written} bytes=${bytes} (seed ${seed}, ${outDir})\n`);
