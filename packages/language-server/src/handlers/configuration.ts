import { basename } from 'node:path';
import { CONFIG_FILE, IGNORE_FILE } from '@platlint/core';
import { DidChangeWatchedFilesNotification } from 'vscode-languageserver/node';
import type { ClientSettings, ServerContext } from './context.js';

/**
 * What makes the server read configuration or workspace files again: the client's settings
 * (`workspace/didChangeConfiguration`), platlint.config.yaml and .platlintignore changing or
 * being saved, and other YAML files changing on disk (watched through the client when it can).
 */
export function registerConfiguration(ctx: ServerContext): void {
  const { connection, documents } = ctx;
  ctx.onInitialized(() => {
    if (ctx.client.workspace?.didChangeWatchedFiles?.dynamicRegistration !== true) return;
    connection.client
      .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${CONFIG_FILE}` }, { globPattern: `**/${IGNORE_FILE}` }, { globPattern: '**/*.{yaml,yml}' }] })
      .catch((error: unknown) => ctx.log(`platlint: could not watch files: ${String(error)}`));
  });

  documents.onDidSave((event) => {
    if (basename(event.document.uri) === CONFIG_FILE) ctx.configurationChanged();
  });

  connection.onDidChangeWatchedFiles((params) => {
    const configChanged = params.changes.some((c) => [CONFIG_FILE, IGNORE_FILE].includes(basename(c.uri)));
    if (configChanged) ctx.configurationChanged();
    else ctx.filesChanged();
  });

  connection.onDidChangeConfiguration((params) => {
    const next = (params.settings as { platlint?: ClientSettings } | undefined)?.platlint;
    if (next) ctx.settings = next;
    ctx.configurationChanged();
  });
}
