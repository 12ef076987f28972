// Which written date part is the day, the month and the year. The locale fixes one order for the
// whole export, so it is decided from every distinct date of the file, never from the first line:
// a date that is impossible in one order settles it; otherwise the order that keeps dates
// increasing wins.

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

export interface DateOrderDecision {
  order: DateOrder;
  /** Set when the file alone could not prove the order; says what was assumed and why. */
  warning: string | null;
}

/**
 * Distinct consecutive dates of the file, in file order, as written parts (part1, part2, part3
 * flattened). Consecutive messages mostly share a date, so this stays small.
 */
export type DateRuns = readonly number[];

export interface DateOrderHints {
  yearFirst: boolean;
  /** "3/14/24, 3:14 PM": US English style, used only when nothing else can decide. */
  usStyle: boolean;
}

export function inferDateOrder(runs: DateRuns, hints: DateOrderHints): DateOrderDecision {
  if (hints.yearFirst) return { order: 'YMD', warning: null };
  let invalidAsDmy = 0;
  let invalidAsMdy = 0;
  let symmetric = true;
  for (let i = 0; i < runs.length; i += 3) {
    const [a, b, year] = [runs[i], runs[i + 1], runs[i + 2]];
    if (!isPossibleDate(year, b, a)) invalidAsDmy++;
    if (!isPossibleDate(year, a, b)) invalidAsMdy++;
    if (a !== b) symmetric = false;
  }
  if (invalidAsDmy === 0 && invalidAsMdy > 0) return { order: 'DMY', warning: null };
  if (invalidAsMdy === 0 && invalidAsDmy > 0) return { order: 'MDY', warning: null };
  if (invalidAsDmy > 0) {
    const order = invalidAsDmy <= invalidAsMdy ? 'DMY' : 'MDY';
    return {
      order,
      warning: `Some dates are impossible in every date order (${invalidAsDmy} as day/month/year, ${invalidAsMdy} as month/day/year); ${describe(order)} was used.`,
    };
  }
  const fallback: DateOrder = hints.usStyle ? 'MDY' : 'DMY';
  // Day and month equal everywhere (or a single such date): both orders give the same dates.
  if (symmetric) return { order: fallback, warning: null };

  const backwardAsDmy = countBackwardSteps(runs, 'DMY');
  const backwardAsMdy = countBackwardSteps(runs, 'MDY');
  const unsettled = 'No date has a day above 12, so the date order cannot be read from the dates alone';
  if (backwardAsDmy !== backwardAsMdy) {
    const order = backwardAsDmy < backwardAsMdy ? 'DMY' : 'MDY';
    return {
      order,
      warning: `${unsettled}; ${describe(order)} was chosen because it keeps the dates increasing (${Math.min(backwardAsDmy, backwardAsMdy)} backward steps against ${Math.max(backwardAsDmy, backwardAsMdy)}).`,
    };
  }
  // From one date to the next the day changes far more often than the month.
  const [firstChanges, secondChanges] = countPartChanges(runs);
  if (firstChanges !== secondChanges) {
    const order = firstChanges > secondChanges ? 'DMY' : 'MDY';
    return {
      order,
      warning: `${unsettled}; ${describe(order)} was chosen because the ${order === 'DMY' ? 'first' : 'second'} part changes most often from one date to the next, as a day does.`,
    };
  }
  return {
    order: fallback,
    warning: `${unsettled}; ${describe(fallback)} was assumed from the header style. Check the dates against the phone.`,
  };
}

/** Full four-digit year: exports write two digits for years of this century. */
export function fullYear(written: number, digits: number): number {
  return digits === 2 ? 2000 + written : written;
}

/**
 * Month and day in range. Day-of-month limits are checked only for Gregorian-looking years:
 * Persian (1402) and Buddhist (2566) calendars have other month lengths.
 */
export function isPossibleDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  if (!isGregorianLookingYear(year)) return true;
  return day <= daysInMonth(year, month);
}

export function isGregorianLookingYear(year: number): boolean {
  return year >= 1900 && year < 2400;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function countBackwardSteps(runs: DateRuns, order: 'DMY' | 'MDY'): number {
  let backward = 0;
  let previous = -1;
  for (let i = 0; i < runs.length; i += 3) {
    const [day, month] = order === 'DMY' ? [runs[i], runs[i + 1]] : [runs[i + 1], runs[i]];
    const key = runs[i + 2] * 10000 + month * 100 + day;
    if (key < previous) backward++;
    previous = key;
  }
  return backward;
}

function countPartChanges(runs: DateRuns): [first: number, second: number] {
  let first = 0;
  let second = 0;
  for (let i = 3; i < runs.length; i += 3) {
    if (runs[i] !== runs[i - 3]) first++;
    if (runs[i + 1] !== runs[i - 2]) second++;
  }
  return [first, second];
}

function describe(order: DateOrder): string {
  return order === 'DMY' ? 'day/month/year' : order === 'MDY' ? 'month/day/year' : 'year/month/day';
}
