import { resolve } from 'node:path';
import type { Config } from './config.js';
import { RelativeGlobs } from './globs.js';

/**
 * The API server's configuration files a platlint configuration can declare
 * (`apiServerConfigs:`), by setting name, and the kind the server reads each as: each comes
 * from a flag of its own (--authentication-config, --authorization-config,
 * --egress-selector-config-file, --tracing-config-file), whose loader accepts that kind only.
 */
export const API_SERVER_CONFIGS = {
  authentication: 'AuthenticationConfiguration',
  authorization: 'AuthorizationConfiguration',
  egressSelector: 'EgressSelectorConfiguration',
  tracing: 'TracingConfiguration',
} as const;

export type ApiServerConfigName = keyof typeof API_SERVER_CONFIGS;

export const API_SERVER_CONFIG_NAMES = Object.keys(API_SERVER_CONFIGS) as ApiServerConfigName[];

/** One declaration that takes in a file: the setting that names it and the kind it must be. */
export interface Declaration {
  setting: ApiServerConfigName;
  kind: string;
}

const matchersOf = new WeakMap<Config, readonly { setting: ApiServerConfigName; globs: RelativeGlobs }[]>();

/**
 * The declarations of a configuration that take in a file (`path`, relative to `cwd` or
 * absolute): none for a file the configuration does not declare, more than one for a file it
 * declares twice. The path is resolved only when the configuration declares any file: most
 * declare none, and the lint asks of every file.
 */
export function declarationsOf(config: Config, path: string, cwd: string): Declaration[] {
  let matchers = matchersOf.get(config);
  if (!matchers) {
    matchers = API_SERVER_CONFIG_NAMES.filter((setting) => config.apiServerConfigs[setting]?.length).map((setting) => ({
      setting,
      globs: new RelativeGlobs(config.root, config.apiServerConfigs[setting] ?? []),
    }));
    matchersOf.set(config, matchers);
  }
  if (matchers.length === 0) return [];
  const file = resolve(cwd, path);
  return matchers.filter((m) => m.globs.matches(file)).map(({ setting }) => ({ setting, kind: API_SERVER_CONFIGS[setting] }));
}
