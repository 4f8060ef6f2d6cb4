import { basename } from 'node:path';
import { CONFIG_FILE, IGNORE_FILE, ROLE_FILES, unknownRuleMessage } from '@platlint/core';
import { knownRuleIds } from '@platlint/rules';
import { DidChangeWatchedFilesNotification, MessageType } from 'vscode-languageserver/node';
import type { ConfigFileRefusal } from '../lint-session.js';
import type { ClientSettings, ServerContext } from './context.js';

/**
 * Files whose change makes every file read again: platlint's configuration, and kustomizations
 * and Helm's Chart.yaml (they decide how the files beside them are read, file-roles.ts).
 */
const CONFIGURING = new Set([CONFIG_FILE, IGNORE_FILE, ...ROLE_FILES]);

/**
 * What makes the server read configuration or workspace files again: the client's settings
 * (`workspace/didChangeConfiguration`), the CONFIGURING files changing or being saved, and
 * other YAML files changing on disk (watched through the client when it can).
 */
export function registerConfiguration(ctx: ServerContext): void {
  const { connection, documents } = ctx;
  const reportUnknownRules = unknownRuleReporter(ctx);
  ctx.onConfigFileRefused(configFileReporter(ctx));
  ctx.onInitialized(reportUnknownRules);
  ctx.onInitialized(() => {
    if (ctx.client.workspace?.didChangeWatchedFiles?.dynamicRegistration !== true) return;
    connection.client
      .register(DidChangeWatchedFilesNotification.type, {
        watchers: [
          { globPattern: `**/${CONFIG_FILE}` },
          { globPattern: `**/${IGNORE_FILE}` },
          { globPattern: '**/*.{yaml,yml}' },
          // kustomize's name without an extension.
          { globPattern: '**/Kustomization' },
        ],
      })
      .catch((error: unknown) => ctx.log(`platlint: could not watch files: ${String(error)}`));
  });

  documents.onDidSave((event) => {
    if (CONFIGURING.has(basename(event.document.uri))) ctx.configurationChanged();
  });

  connection.onDidChangeWatchedFiles((params) => {
    const configChanged = params.changes.some((c) => CONFIGURING.has(basename(c.uri)));
    if (configChanged) ctx.configurationChanged();
    else ctx.filesChanged();
  });

  connection.onDidChangeConfiguration((params) => {
    const next = (params.settings as { platlint?: ClientSettings } | undefined)?.platlint;
    if (next) ctx.settings = next;
    reportUnknownRules();
    ctx.configurationChanged();
  });
}

/**
 * Rule ids in the editor's `platlint.rules` that name no rule are left out of the lint (a
 * typo must not stop every lint), and the user is told, once for each id while the settings
 * keep naming it, as `platlint lint --rule` would refuse it.
 */
function unknownRuleReporter(ctx: ServerContext): () => void {
  let told = new Set<string>();
  return () => {
    const unknown = new Set(Object.keys(ctx.settings.rules ?? {}).filter((id) => !knownRuleIds.has(id)));
    for (const id of unknown) {
      if (told.has(id)) continue;
      const message = `platlint: a platlint.rules setting is left out: ${unknownRuleMessage(id, knownRuleIds)} (see \`platlint rules\`)`;
      ctx.log(message);
      ctx.tell(MessageType.Warning, message);
    }
    told = unknown;
  };
}

/**
 * A `configFile` setting that names no usable configuration (a missing file, a file that is
 * not a configuration, one with mistakes) does not stop the lint: the lint thread uses the
 * default configuration and says why each time it starts or reads configuration again. The
 * user is told once for each value of the setting, until the setting names another file.
 */
function configFileReporter(ctx: ServerContext): (refusal: ConfigFileRefusal) => void {
  let told: string | undefined;
  ctx.onConfigurationChanged(() => {
    if (ctx.settings.configFile !== told) told = undefined;
  });
  return (refusal) => {
    // A word from a thread that still had older settings, or one already said.
    if (refusal.configFile !== ctx.settings.configFile || refusal.configFile === told) return;
    told = refusal.configFile;
    const more =
      refusal.problems > 1 ? ` (and ${refusal.problems - 1} more ${refusal.problems > 2 ? 'problems' : 'problem'})` : '';
    const message = `platlint: the platlint.configFile setting is not used, files are linted with the default configuration: ${refusal.first}${more}`;
    ctx.log(message);
    ctx.tell(MessageType.Warning, message);
  };
}
