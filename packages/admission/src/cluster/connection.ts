// How `serve` reaches the platform's API: a kubeconfig file, or the credentials a pod is
// given (its service account's token and CA at their standard paths, and the API server's
// address in the environment). Problems are found at start-up, so `serve` exits with a
// message instead of becoming a webhook that never gets ready.
import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';

export type Credentials = { kubeconfig: string } | { inCluster: true };

/** Where a pod finds its service account (the client library reads the same paths). */
const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

class ConnectionError extends Error {}

export function loadKubeConfig(credentials: Credentials): KubeConfig {
  const kc = new KubeConfig();
  if ('kubeconfig' in credentials) {
    try {
      kc.loadFromFile(credentials.kubeconfig);
    } catch (error) {
      throw new ConnectionError(`cannot read the kubeconfig ${credentials.kubeconfig}: ${(error as Error).message}`);
    }
    const cluster = kc.getCurrentCluster();
    if (!cluster) throw new ConnectionError(`the kubeconfig ${credentials.kubeconfig} has no current context naming a cluster`);
    if (!/^https?:\/\//.test(cluster.server))
      throw new ConnectionError(
        `the cluster "${cluster.name}" of ${credentials.kubeconfig} has no http(s) server address (got ${JSON.stringify(cluster.server)})`,
      );
    // The client library refuses plain HTTP on every request otherwise; said once, at start-up.
    if (cluster.server.startsWith('http:') && !cluster.skipTLSVerify)
      throw new ConnectionError(
        `the cluster "${cluster.name}" of ${credentials.kubeconfig} has a plain http:// server address; that needs insecure-skip-tls-verify: true`,
      );
    return kc;
  }
  const host = process.env.KUBERNETES_SERVICE_HOST;
  const port = process.env.KUBERNETES_SERVICE_PORT;
  if (!host || !port)
    throw new ConnectionError(
      '--in-cluster needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT, which the platform sets in every pod',
    );
  for (const file of ['token', 'ca.crt']) {
    if (!existsSync(`${SERVICE_ACCOUNT_DIR}/${file}`))
      throw new ConnectionError(
        `--in-cluster needs the service account's ${file} at ${SERVICE_ACCOUNT_DIR}/${file}; is automountServiceAccountToken off?`,
      );
  }
  kc.loadFromCluster();
  return kc;
}

/** The API server's address, for logs. */
export function serverOf(kc: KubeConfig): string {
  return kc.getCurrentCluster()?.server ?? '?';
}
