// The serving certificate and key, read from files and reloaded when they change, so a
// rotated certificate (cert-manager, a renewed Secret) is picked up without a restart.
// A half-rotated pair (new certificate, old key) fails to load and the old one stays in use.
import { readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { dirname } from 'node:path';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
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
  private watchers: FSWatcher[] = [];
  private poller: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;
  private loadedPrint: string;

  constructor(
    private readonly files: TlsFiles,
    private readonly apply: (options: SecureContextOptions) => void,
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    private readonly timing: { debounceMs: number; pollMs: number },
  ) {
    this.loadedPrint = print(files);
  }

  reload(reason: string): boolean {
    this.loadedPrint = print(this.files);
    try {
      this.apply(readTlsFiles(this.files));
    } catch (error) {
      // Out of descriptors says nothing about the files: forget the print so the poll retries.
      if (isResourceExhaustion(error)) this.loadedPrint = '';
      this.metrics.reload('tls', 'failure');
      this.logger.log('warn', 'tls.reload_failed', { reason, ...this.files, error: (error as Error).message, why: 'keeping the certificate in use' });
      return false;
    }
    this.metrics.reload('tls', 'success');
    this.logger.log('info', 'tls.reloaded', { reason, ...this.files });
    return true;
  }

  watch(): void {
    // Directories rather than files: a Secret volume swaps a symlink and never writes the file.
    for (const dir of new Set([dirname(this.files.certFile), dirname(this.files.keyFile)])) {
      try {
        const w = watch(dir, { persistent: false }, () => this.schedule('file change'));
        w.on('error', (error) => this.logger.log('warn', 'tls.watch_error', { dir, error: error.message }));
        this.watchers.push(w);
      } catch (error) {
        this.logger.log('warn', 'tls.watch_unavailable', { dir, error: (error as Error).message });
      }
    }
    this.poller = setInterval(() => {
      if (print(this.files) !== this.loadedPrint) this.schedule('poll');
    }, this.timing.pollMs);
    this.poller.unref();
  }

  private schedule(reason: string): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      if (print(this.files) !== this.loadedPrint) this.reload(reason);
    }, this.timing.debounceMs);
    this.pending.unref();
  }

  close(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.pending) clearTimeout(this.pending);
    if (this.poller) clearInterval(this.poller);
  }
}
