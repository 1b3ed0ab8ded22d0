/**
 * Metrics with WORKERS: each worker keeps its own registry; the primary adds them up when a worker
 * asks for /metrics. (Filled in by the metrics work; main.ts's primary calls this once.)
 */
export function installPrimaryMetrics(): void {}
