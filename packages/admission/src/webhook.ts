// Starting the webhook: the server (server/) with, when asked, its connection to the
// platform's API (cluster/), loaded on demand so that only `serve` with cluster credentials
// loads the client library behind it. Composing the two here keeps the server free of the
// cluster code: cluster/ builds on server/, never the other way round.
import type { ClusterOptions } from './cluster/index.js';
import { createWebhookServer, type WebhookServer, type WebhookServerOptions } from './server/webhook.js';

export interface WebhookOptions extends WebhookServerOptions {
  /** Namespaces, params (and policies) listed and watched through the platform's API. */
  cluster?: ClusterOptions;
}

/** Creates the server, binds it and waits for the first state load. */
export async function startWebhook(options: WebhookOptions): Promise<WebhookServer & { url: string; port: number }> {
  const connect = options.cluster ? (await import('./cluster/index.js')).connectCluster(options.cluster) : undefined;
  const webhook = createWebhookServer(options, connect);
  const { url, port } = await webhook.listen();
  await webhook.ready;
  if (webhook.state.startupFailure) {
    await webhook.close();
    throw webhook.state.startupFailure;
  }
  return Object.assign(webhook, { url, port });
}
