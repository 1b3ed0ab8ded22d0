/**
 * Metrics with WORKERS: each worker keeps its own registry; the primary adds them up when a worker
 * asks for /metrics. main.ts's primary calls installPrimaryMetrics once; every worker answers the
 * primary's requests for its registry (installWorkerMetrics, from app.ts) and asks for the sum when
 * it serves /metrics (metricsText). A process that is not a cluster worker answers its own registry.
 *
 * Worker → primary: { type: ASK, id }. The primary asks every worker for its registry as JSON
 * (prom-client's AggregatorRegistry.clusterMetrics, which times out after 5 s), adds them up and
 * answers { type: ANSWER, id, text } or { type: ANSWER, id, error }.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { registry } from './metrics.ts';

const ASK = 'cashloan:metrics:ask';
const ANSWER = 'cashloan:metrics:answer';

/** How long a worker waits for the primary's sum (longer than prom-client's own 5 s per round). */
export const CLUSTER_METRICS_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask => typeof message === 'object' && message !== null && (message as Ask).type === ASK && typeof (message as Ask).id === 'number';
const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && (message as Answer).type === ANSWER && typeof (message as Answer).id === 'number';

let primaryInstalled = false;

/** In the cluster primary, once: answers a worker's ASK with the sum of every worker's registry. */
export function installPrimaryMetrics(): void {
  if (primaryInstalled) return;
  primaryInstalled = true;
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

let workerInstalled = false;

/**
 * In a cluster worker, once: prom-client's listener answers the primary's request for this
 * process's registry. Does nothing in a process that is not a worker.
 */
export function installWorkerMetrics(): void {
  if (workerInstalled || !cluster.isWorker) return;
  workerInstalled = true;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's worker-side listener (idempotent inside prom-client).
  new AggregatorRegistry();
}

/** The primary did not answer in time, or could not collect every worker's registry. */
export class ClusterMetricsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterMetricsError';
  }
}

let nextId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let answerListener = false;

/**
 * The Prometheus text /metrics answers: in a cluster worker, the sum over every worker, asked of the
 * primary; in any other process (one server, no primary), this process's registry. Rejects with
 * ClusterMetricsError when the primary does not answer within `timeoutMs` or reports a failure:
 * one worker's own numbers would read as a counter reset, so no partial sum is answered.
 */
export async function metricsText(timeoutMs = CLUSTER_METRICS_TIMEOUT_MS): Promise<string> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || send === undefined || !process.connected) return registry.metrics();
  if (!answerListener) {
    answerListener = true;
    process.on('message', (message: unknown) => {
      if (!isAnswer(message)) return;
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.text !== undefined) pending.resolve(message.text);
      else pending.reject(new ClusterMetricsError(`the primary could not add up the workers' metrics: ${message.error ?? 'no answer'}`));
    });
  }
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new ClusterMetricsError(`the primary did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const settle =
      <T>(fn: (value: T) => void) =>
      (value: T) => {
        clearTimeout(timer);
        fn(value);
      };
    waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
    const ask: Ask = { type: ASK, id };
    send(ask, undefined, undefined, (error: Error | null) => {
      if (error) waiting.get(id)?.reject(new ClusterMetricsError(`could not ask the primary: ${error.message}`));
      if (error) waiting.delete(id);
    });
  });
}

/** The content type of metricsText's answer (the registry's and the aggregate's are the same). */
export const metricsContentType = registry.contentType;
