// What the cluster tests share: a fake API server over HTTPS with a bearer token, a
// kubeconfig naming it, a state directory of policies that read namespaces and params,
// and a client sending Deployment reviews in a given namespace.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { FakeApiServer } from './fake-api-server.js';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  makeCa,
  patched,
  review,
  serve,
  tempDir,
  type Ca,
  type ReviewAnswer,
  type Served,
} from './helpers.js';

const TOKEN = 'test-token';

export async function startApi(ca: Ca): Promise<FakeApiServer> {
  const api = new FakeApiServer({ tls: ca.issue('api'), token: TOKEN });
  await api.start();
  return api;
}

/** A webhook serving against the fake API server, and what stopping it takes away. */
export interface ClusterWebhook {
  ca: Ca;
  api: FakeApiServer;
  served: Served;
  /** Where the kubeconfig is (the state directory, when the test gives one). */
  dir: string;
  /** Stops the webhook, then the API server, and removes the CA's and the test's directories: the webhook's exit code. */
  stop(): Promise<number | null>;
}

export interface ClusterWebhookOptions {
  /** The directory the kubeconfig is written to, made before (writeState(), or an empty one). */
  dir: string;
  /** The arguments that say where the policies come from (`--state DIR`, `--watch-policies`), and any others. */
  args: readonly string[];
  /** `--api-retry`: the first and the longest delay between attempts. */
  apiRetry: string;
  /** What the API server holds, or how it misbehaves, before the webhook first connects. */
  prepare?: (api: FakeApiServer) => void;
}

/**
 * What every cluster test starts with: a CA, the fake API server behind it, and `platlint serve`
 * with a kubeconfig naming that server and a serving certificate of the same CA.
 */
export async function serveWithCluster(options: ClusterWebhookOptions): Promise<ClusterWebhook> {
  const ca = makeCa();
  const api = await startApi(ca);
  options.prepare?.(api);
  const serving = ca.issue('webhook');
  const kubeconfig = writeKubeconfig(options.dir, ca, api.url);
  const removeAll = async (): Promise<void> => {
    await api.stop();
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(options.dir, { recursive: true, force: true });
  };
  let served: Served;
  try {
    served = await serve([
      ...options.args,
      '--kubeconfig',
      kubeconfig,
      '--api-retry',
      options.apiRetry,
      '--tls-cert-file',
      serving.cert,
      '--tls-private-key-file',
      serving.key,
    ]);
  } catch (error) {
    // A webhook that never became ready leaves no set-up behind for the teardown to miss.
    await removeAll();
    throw error;
  }
  return {
    ca,
    api,
    served,
    dir: options.dir,
    async stop() {
      const code = await served.stop();
      await removeAll();
      return code;
    },
  };
}

export function writeKubeconfig(dir: string, ca: Ca, server: string): string {
  const file = join(dir, 'kubeconfig.yaml');
  writeFileSync(
    file,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'test', cluster: { server, 'certificate-authority': ca.caCert } }],
      users: [{ name: 'webhook', user: { token: TOKEN } }],
      contexts: [{ name: 'test', context: { cluster: 'test', user: 'webhook' } }],
      'current-context': 'test',
    }),
  );
  return file;
}

const DEPLOYMENTS = { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] };

/**
 * Policies reading the cluster's objects:
 * - `zone` labels Deployments `zone: prod` in namespaces labelled `env: prod`;
 * - `team` copies the `team` of the ConfigMap platlint/settings into a label;
 * - `parts` adds a label `part-<key>: <gen>` for each ConfigMap of platlint labelled
 *   `set: parts`, so one request shows whether it saw all of them at one version.
 */
export const POLICY_OBJECTS: Record<string, unknown>[] = [
  {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicy',
    metadata: { name: 'zone' },
    spec: {
      matchConstraints: { resourceRules: [DEPLOYMENTS] },
      failurePolicy: 'Ignore',
      reinvocationPolicy: 'Never',
      mutations: [
        {
          patchType: 'ApplyConfiguration',
          applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"zone": "prod"}}}' },
        },
      ],
    },
  },
  {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name: 'zone' },
    spec: { policyName: 'zone', matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } } },
  },
  ...paramPolicy('team', { name: 'settings' }, '[JSONPatch{op: "add", path: "/metadata/labels/team", value: params.data.team}]'),
  ...paramPolicy(
    'parts',
    { selector: { matchLabels: { set: 'parts' } } },
    '[JSONPatch{op: "add", path: "/metadata/labels/part-" + params.data.key, value: params.data.gen}]',
  ),
];

function paramPolicy(name: string, ref: Record<string, unknown>, expression: string): Record<string, unknown>[] {
  return [
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name },
      spec: {
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        matchConstraints: { resourceRules: [DEPLOYMENTS] },
        reinvocationPolicy: 'Never',
        mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression } }],
      },
    },
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name },
      spec: { policyName: name, paramRef: { ...ref, namespace: 'platlint', parameterNotFoundAction: 'Allow' } },
    },
  ];
}

/**
 * The policies as files, with a stale copy of a namespace: once namespaces come from the
 * API, the files' namespaces are not consulted.
 */
export function writeState(): string {
  const dir = tempDir('cluster-state');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'policies.yaml'), POLICY_OBJECTS.map((o) => stringify(o)).join('---\n'));
  writeFileSync(join(dir, 'namespaces.yaml'), stringify(namespace('shop', { env: 'prod' })));
  return dir;
}

export function namespace(name: string, labels: Record<string, string>): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } };
}

export function configMap(
  name: string,
  data: Record<string, string>,
  labels: Record<string, string> = {},
): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'platlint', labels }, data };
}

export interface Outcome {
  answer: ReviewAnswer;
  /** The Deployment's labels after the patch. */
  labels: Record<string, string>;
}

let uid = 0;

/** Sends a Deployment CREATE in `ns` to /mutate; returns the answer and the labels after it. */
export async function mutateIn(port: number, ca: Ca, ns: string): Promise<Outcome> {
  const object = deployment();
  (object.metadata as Record<string, unknown>).namespace = ns;
  const answer = answerOf(
    await call(port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest(`uid-${++uid}`, object, { namespace: ns })) }),
  );
  const after = patched(object, answer) as { metadata: { labels?: Record<string, string> } };
  return { answer, labels: after.metadata.labels ?? {} };
}
