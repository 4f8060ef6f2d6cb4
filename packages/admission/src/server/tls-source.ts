// The serving certificate and key, read from files and reloaded when they change, so a
// rotated certificate (cert-manager, a renewed Secret) is picked up without a restart.
// A half-rotated pair (new certificate, old key) fails to load and the old one stays in use.
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
import { FileWatcher } from '@platlint/core';
import { isResourceExhaustion } from './connections.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** Reads the pair and checks that it makes a usable context (the key matches the certificate). */
export function readTlsFiles(files: TlsFiles): SecureContextOptions {
  const options = { cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) };
  createSecureContext(options);
  return options;
}

function print(files: TlsFiles): string {
  return [files.certFile, files.keyFile]
    .map((f) => {
      try {
        const s = statSync(f);
        return `${s.size}:${s.mtimeMs}:${s.ino}`;
      } catch {
        return 'missing';
      }
    })
    .join('|');
}

export class TlsSource {
  private readonly watcher: FileWatcher;
  private loadedPrint: string;

  constructor(
    private readonly files: TlsFiles,
    private readonly apply: (options: SecureContextOptions) => void,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    timing: { debounceMs: number; pollMs: number },
  ) {
    this.loadedPrint = print(files);
    this.watcher = new FileWatcher({
      name: 'tls',
      // Directories rather than files: a Secret volume swaps a symlink and never writes the file.
      paths: [...new Set([dirname(files.certFile), dirname(files.keyFile)])],
      stale: () => print(this.files) !== this.loadedPrint,
      onChange: (reason) => this.reload(reason),
      ...timing,
      log: (level, event, fields) => this.logger.log(level, event, fields),
    });
  }

  reload(reason: string): boolean {
    this.loadedPrint = print(this.files);
    try {
      this.apply(readTlsFiles(this.files));
    } catch (error) {
      // Out of descriptors says nothing about the files: forget the print so the poll retries.
      if (isResourceExhaustion(error)) this.loadedPrint = '';
      this.metrics.reload('tls', 'failure');
      this.logger.log('warn', 'tls.reload_failed', {
        reason,
        ...this.files,
        error: (error as Error).message,
        why: 'keeping the certificate in use',
      });
      return false;
    }
    this.metrics.reload('tls', 'success');
    this.logger.log('info', 'tls.reloaded', { reason, ...this.files });
    return true;
  }

  watch(): void {
    this.watcher.start();
  }

  close(): void {
    this.watcher.close();
  }
}
