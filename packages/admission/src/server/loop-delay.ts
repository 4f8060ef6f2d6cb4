// How long the main thread's event loop was held, as /metrics reports it: the one figure that
// says, from inside the server, whether probes could be answered promptly. The gauges cover
// the time since the previous scrape (and are reset by it), so a slow moment does not hide
// behind the start-up load for ever.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Metrics } from './metrics.js';

/** Sampling interval of the delay monitor, in milliseconds. */
const RESOLUTION_MS = 10;

/** Starts measuring; the returned function stops. */
export function reportEventLoopDelay(metrics: Metrics): () => void {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  metrics.collect(() => {
    // Nanoseconds; with no sample yet, the histogram's max is 0.
    const max = delay.max / 1e9;
    const p99 = delay.count > 0 ? delay.percentile(99) / 1e9 : 0;
    delay.reset();
    return [
      "# HELP platlint_webhook_event_loop_delay_max_seconds Longest delay of the main thread's event loop since the previous scrape of /metrics.",
      '# TYPE platlint_webhook_event_loop_delay_max_seconds gauge',
      `platlint_webhook_event_loop_delay_max_seconds ${max}`,
      "# HELP platlint_webhook_event_loop_delay_p99_seconds 99th percentile of the event loop's delay since the previous scrape of /metrics.",
      '# TYPE platlint_webhook_event_loop_delay_p99_seconds gauge',
      `platlint_webhook_event_loop_delay_p99_seconds ${p99}`,
    ];
  });
  return () => delay.disable();
}
