import * as vscode from 'vscode';

/** The shape the language server reads from `initializationOptions.settings` and `settings.platlint`. */
export interface PlatlintSettings {
  enable: boolean;
  configFile: string;
  rules: Record<string, RuleSetting>;
}

export type RuleSetting = 'off' | 'info' | 'warning' | 'error';

const SEVERITIES: ReadonlySet<string> = new Set<RuleSetting>(['off', 'info', 'warning', 'error']);

export const SECTION = 'platlint';

/**
 * The `platlint.*` settings as the server expects them. Entries of `platlint.rules` that are
 * not severities are dropped here: VS Code shows the schema violation in settings.json, and
 * the server should not be handed a value that no configuration file could contain.
 */
export function readSettings(): PlatlintSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const rawRules = config.get<unknown>('rules');
  const rules: Record<string, RuleSetting> = {};
  if (rawRules && typeof rawRules === 'object') {
    for (const [id, setting] of Object.entries(rawRules as Record<string, unknown>)) {
      if (typeof setting === 'string' && SEVERITIES.has(setting)) rules[id] = setting as RuleSetting;
    }
  }
  return {
    enable: config.get<boolean>('enable', true),
    configFile: config.get<string>('configFile', '').trim(),
    rules,
  };
}
