import { z } from 'zod';
import { HTTP_LIMITS } from '@chatexhibit/proto/http-limits';
import type { UploadPace } from '@chatexhibit/proto/upload-refusals';
import { emptyToUndefined } from './env';

const wholeNumber = (unit: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `must be a number of ${unit}` })
      .int(`must be a whole number of ${unit}`)
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/**
 * The gateway's upload pace: after UPLOAD_PACE_GRACE_SECONDS, an upload whose average rate is
 * under UPLOAD_MIN_BYTES_PER_SECOND (or too slow to end its declared length in time) is cut.
 * HTTP_LIMITS holds the defaults; the idle timeout and the longest upload are not the
 * operator's to loosen.
 */
export const uploadPaceEnv = z
  .object({
    UPLOAD_MIN_BYTES_PER_SECOND: wholeNumber(
      'bytes a second',
      1,
      10 * 1024 * 1024,
      HTTP_LIMITS.uploadMinBytesPerSecond,
    ),
    UPLOAD_PACE_GRACE_SECONDS: wholeNumber('seconds', 1, 600, HTTP_LIMITS.uploadPaceGraceMs / 1000),
  })
  .transform((env): UploadPace => ({
    idleTimeoutMs: HTTP_LIMITS.uploadIdleTimeoutMs,
    graceMs: env.UPLOAD_PACE_GRACE_SECONDS * 1000,
    minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
    maxDurationMs: HTTP_LIMITS.uploadMaxDurationMs,
  }));

/**
 * UPLOAD_MIN_FREE_DISK_MB: the free space (in MiB) the volume uploads are spooled to must keep
 * (standalone: the data folder, where its files are stored too), under which uploads are
 * refused; 0 turns the check off. An upload of 100 MB grows to several times that while it is
 * processed and is kept for days.
 */
export const diskWatermarkEnv = z
  .object({
    UPLOAD_MIN_FREE_DISK_MB: wholeNumber('MiB', 0, 1_000_000_000, HTTP_LIMITS.uploadMinFreeDiskMiB),
  })
  .transform((env) => env.UPLOAD_MIN_FREE_DISK_MB * 1024 * 1024);

/**
 * UPLOADS_PER_HOUR: the uploads one client address may send in an hour (HTTP_LIMITS' default): an
 * operator whose users share one address (a law firm behind its gateway) raises it.
 */
export const uploadsPerHourEnv = z
  .object({ UPLOADS_PER_HOUR: wholeNumber('uploads', 1, 100_000, HTTP_LIMITS.uploadsPerHour) })
  .transform((env) => env.UPLOADS_PER_HOUR);

/**
 * UPLOAD_QUOTA_MB: the MiB of uploads one client address may hold in exports that are neither
 * bought nor deleted nor expired (counted in PostgreSQL by the payment service, so across
 * restarts and gateway replicas); an upload beyond it is refused until the oldest expires. 0
 * turns it off. A client that holds nothing is always admitted.
 */
export const uploadQuotaEnv = z
  .object({
    UPLOAD_QUOTA_MB: wholeNumber('MiB', 0, 1_000_000_000, HTTP_LIMITS.uploadQuotaMiB),
  })
  .transform((env) => env.UPLOAD_QUOTA_MB * 1024 * 1024);
