import { z } from 'zod';

/** The seven parts of ChatExhibit; `GET /api/health` reports each. */
export const PART_NAMES = ['gateway', 'ingest', 'parse', 'media', 'pdf', 'payment', 'notification'] as const;
export const PartNameSchema = z.enum(PART_NAMES);
export type PartName = z.infer<typeof PartNameSchema>;
export const SERVICE_NAMES = PART_NAMES.filter((p) => p !== 'gateway') as Exclude<PartName, 'gateway'>[];
export type ServiceName = Exclude<PartName, 'gateway'>;

export const HealthStateSchema = z.enum(['up', 'down']);
export type HealthState = z.infer<typeof HealthStateSchema>;

/** One dependency of a part (database, storage, bus, mail), checked on every report. */
export const DependencyHealthSchema = z.object({ status: HealthStateSchema, error: z.string().optional() });

export const PartHealthSchema = z.object({
  status: HealthStateSchema,
  checks: z.record(z.string(), DependencyHealthSchema),
});
export type PartHealth = z.infer<typeof PartHealthSchema>;

/** Response of GET /api/health: 200 when every part is up, 503 otherwise. */
export const SystemHealthSchema = z.object({
  status: HealthStateSchema,
  mode: z.enum(['standalone', 'distributed']),
  parts: z.record(PartNameSchema, PartHealthSchema),
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;
