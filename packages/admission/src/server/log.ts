// Structured logs: one JSON object per line on a writer (stderr for the CLI), so a log
// collector can parse every event without guessing at a text format.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export const LOG_LEVELS = Object.keys(RANK) as LogLevel[];

export type LogFields = Record<string, unknown>;

export interface Logger {
  enabled(level: LogLevel): boolean;
  log(level: LogLevel, event: string, fields?: LogFields): void;
}

/** A logger writing `{"time","level","event",...fields}` lines at `min` and above. */
export function jsonLogger(write: (line: string) => void, min: LogLevel = 'info'): Logger {
  const floor = RANK[min];
  return {
    enabled: (level) => RANK[level] >= floor,
    log(level, event, fields = {}) {
      if (RANK[level] < floor) return;
      // The fixed keys come first for readers, and win over fields of the same name.
      const line: Record<string, unknown> = { time: new Date().toISOString(), level, event };
      for (const [key, value] of Object.entries(fields)) if (!(key in line)) line[key] = value;
      write(`${JSON.stringify(line)}\n`);
    },
  };
}

/** Drops everything: for library users who do not want logs. */
export const silentLogger: Logger = { enabled: () => false, log: () => undefined };
