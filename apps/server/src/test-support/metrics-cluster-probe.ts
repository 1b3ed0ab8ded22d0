/**
 * Run by platform/metrics/cluster.test.ts in a child process: a real node:cluster primary with two
 * workers. Each worker counts its own payments; then the first asks for the metrics as /metrics
 * does (metricsText) and the primary prints what it got as one JSON line.
 * Usage: node --import tsx metrics-cluster-probe.ts <with-primary | without-primary>
 */
import cluster from 'node:cluster';
import { installPrimaryMetrics, installWorkerMetrics, metricsText } from '../platform/metrics/cluster.ts';
import { paymentsApplied } from '../platform/metrics/metrics.ts';

type Message = { type: 'ready' } | { type: 'go' } | { type: 'done'; text?: string; error?: string };

if (cluster.isPrimary) {
  const mode = process.argv[2];
  if (mode === 'with-primary') installPrimaryMetrics();
  const workers = [cluster.fork({ PROBE_PAYMENTS: '2' }), cluster.fork({ PROBE_PAYMENTS: '3' })];
  let ready = 0;
  const stop = (code: number) => {
    for (const worker of workers) worker.kill();
    process.exitCode = code;
  };
  const timer = setTimeout(() => stop(2), 30_000);
  for (const worker of workers) {
    worker.on('message', (message: Message) => {
      if (message.type === 'ready' && ++ready === workers.length) workers[0]!.send({ type: 'go' });
      if (message.type === 'done') {
        process.stdout.write(`${JSON.stringify({ text: message.text, error: message.error })}\n`);
        clearTimeout(timer);
        stop(0);
      }
    });
  }
} else {
  installWorkerMetrics();
  paymentsApplied.inc({ source: 'card' }, Number(process.env.PROBE_PAYMENTS));
  process.on('message', (message: Message) => {
    if (message.type !== 'go') return;
    metricsText(1_000).then(
      (text) => process.send!({ type: 'done', text }),
      (error: Error) => process.send!({ type: 'done', error: `${error.name}: ${error.message}` }),
    );
  });
  process.send!({ type: 'ready' });
}
