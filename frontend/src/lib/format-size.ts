const KiB = 1024;
const MiB = 1024 * KiB;

/** A size as people read it: binary units like the free-tier limit (20 MB = 20 × 1024² bytes). */
export function formatSize(bytes: number): string {
  if (bytes < KiB) return `${bytes} B`;
  if (bytes < MiB) return `${Math.round(bytes / KiB)} KB`;
  return `${Number((bytes / MiB).toFixed(1))} MB`;
}
