import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { queueSettings } from '../../src/composition/runtime.ts';
import { createQueueConnection } from '../../src/queues/queue-backend.ts';
import {
  chargeJobId,
  enqueueExpiryUpdates,
  enqueueRetries,
  expiryUpdateJobId,
  KEEP_COMPLETED,
  requeueCharges,
  resendWebhooks,
  retryJobId,
} from '../../src/queues/queues.ts';

// Finished jobs stay in the queue for a while (for the dashboard), under their derived ids. A
// deliberate re-send of the same job (the sweep's, a card update's, a webhook retry) must not be
// swallowed by the kept job: it removes the finished job first, and the job runs again.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Takes the queue's next job by hand, as a worker would, and completes it. */
async function complete(queue: Queue, jobId: string): Promise<void> {
  const connection = createQueueConnection(queueSettings(app.config, 'worker'));
  const worker = connection.worker(queue.name, null as never, { autorun: false });
  try {
    const token = randomUUID();
    const job = await worker.getNextJob(token);
    expect(job?.id).toBe(jobId);
    await job!.moveToCompleted('done', token, false);
  } finally {
    await worker.close();
    await connection.close();
  }
  expect(await queue.getJobState(jobId)).toBe('completed');
}

describe('finished jobs kept in the queue', () => {
  it('keeps completed jobs under the bounded options', () => {
    for (const queue of app.runtime.queues.all()) expect(queue.defaultJobOptions.removeOnComplete, queue.name).toEqual(KEEP_COMPLETED);
  });

  it('a re-send of a completed charge, retry, expiry-update or webhook job runs it again', async () => {
    const { queues } = app.runtime;
    const invoiceId = randomUUID();

    await requeueCharges(queues, [{ invoiceId, attempt: 1 }]);
    await complete(queues.charge, chargeJobId({ invoiceId, attempt: 1 }));
    await requeueCharges(queues, [{ invoiceId, attempt: 1 }]);
    expect(await queues.charge.getJobState(chargeJobId({ invoiceId, attempt: 1 }))).toBe('waiting');

    await enqueueRetries(queues, [{ invoiceId, attempt: 2 }]);
    await complete(queues.retry, retryJobId({ invoiceId, attempt: 2 }));
    await enqueueRetries(queues, [{ invoiceId, attempt: 2 }]);
    expect(await queues.retry.getJobState(retryJobId({ invoiceId, attempt: 2 }))).toBe('waiting');

    const hold = { subscriptionId: randomUUID(), invoiceId };
    await enqueueExpiryUpdates(queues, [hold]);
    await complete(queues.expiryUpdate, expiryUpdateJobId(hold));
    await enqueueExpiryUpdates(queues, [hold]);
    expect(await queues.expiryUpdate.getJobState(expiryUpdateJobId(hold))).toBe('waiting');

    const deliveryId = randomUUID();
    await resendWebhooks(queues, [deliveryId]);
    await complete(queues.webhook, `webhook-${deliveryId}`);
    await resendWebhooks(queues, [deliveryId]);
    expect(await queues.webhook.getJobState(`webhook-${deliveryId}`)).toBe('waiting');
  });
});
