import { Registry } from 'prom-client';
import { JobMetrics } from '@chatexhibit/kit/metrics/metrics';

/** Job metrics on a registry of their own, for queues whose metrics a test does not read. */
export const unscrapedJobMetrics = (): JobMetrics => new JobMetrics(new Registry());
