// The webhook server of `platlint serve`, as a library (started with its cluster connection by ../webhook.ts).
export { createWebhookServer, MAX_BODY_BYTES, type WebhookServerOptions, type WebhookServer } from './webhook.js';
export { jsonLogger, silentLogger, LOG_LEVELS, type Logger, type LogLevel } from './log.js';
export { DRY_RUN_WARNING, REVIEW_API_VERSION } from './review.js';
export { runAdmissionWorkerIfAsked } from './admission-worker.js';
