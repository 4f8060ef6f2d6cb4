// The webhook's connection to the platform's API, loaded on demand: only `serve` with
// cluster credentials imports this module (and the client library behind it), so the
// other commands start as fast as before.
import type { StateViewFactory } from '../server/state-view.js';
import { loadKubeConfig, serverOf, type Credentials } from './connection.js';
import { LiveState } from './live-state.js';
import type { Backoff } from './resource-source.js';

export interface ClusterOptions {
  credentials: Credentials;
  /** Policies and bindings from the API too (otherwise from the state files only). */
  watchPolicies?: boolean;
  /** 5 minutes by default. */
  staleAfterMs?: number;
  backoff?: Backoff;
}

export const DEFAULT_STALE_AFTER_MS = 5 * 60_000;

/** Reads the credentials now (throwing ConnectionError on a problem); connects when called. */
export function connectCluster(options: ClusterOptions): StateViewFactory {
  const kc = loadKubeConfig(options.credentials);
  return (files, logger, metrics) => {
    logger.log('info', 'cluster.connecting', { server: serverOf(kc), watch_policies: options.watchPolicies === true });
    const live = new LiveState(
      files,
      kc,
      {
        watchPolicies: options.watchPolicies === true,
        staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
        ...(options.backoff ? { backoff: options.backoff } : {}),
      },
      logger,
      metrics,
    );
    live.start();
    return live;
  };
}
