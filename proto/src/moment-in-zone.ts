import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

/** "UTC+05:30", "UTC−03:00" (a true minus sign), "UTC+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '\u2212' : '+';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * A moment in an export's zone, SPEC's "dd MMM yyyy, HH:mm", with its UTC offset: "23 Nov 2026,
 * 14:05 (UTC+01:00)". The transcript's cover and the web preview's "Generated On" both write it.
 */
export function formatMomentInZone(moment: Date, timeZone: string): string {
  const local = new TZDate(moment, timeZone);
  return `${format(local, 'dd MMM yyyy, HH:mm')} (${formatUtcOffset(tzOffset(timeZone, moment))})`;
}
