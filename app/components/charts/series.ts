// Pure helpers behind the charts: a y-axis scale with round tick values, which x-axis labels to print, and the
// honest wording of a change between periods. The series themselves are ~/utils/series.
import type { ChartPoint } from "~/utils/series";

/** The sum of the given series of a point (a point may carry values that another chart draws). */
export function pointTotal<K extends string>(point: ChartPoint<K>, series: readonly K[]): number {
  let total = 0;
  for (const key of series) total += point.values[key] ?? 0;
  return total;
}

/** 1, 2 or 5 times a power of ten, the smallest not below `x` (and at least `min`). */
function niceStep(x: number, min: number): number {
  if (x <= min) return min;
  const power = 10 ** Math.floor(Math.log10(x));
  const f = x / power;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return Math.max(min, nice * power);
}

/**
 * The y-axis for values up to `max`: a round top and evenly spaced round ticks from 0 (at most `maxTicks` steps).
 * `minStep` keeps counts on whole numbers (1) and money on whole pounds (100 pence). An empty chart still gets
 * an axis of one step, so its bars sit on a baseline instead of dividing by zero.
 */
export function niceScale(max: number, { maxTicks = 4, minStep = 1 } = {}) {
  const step = niceStep(Math.max(0, max) / maxTicks, minStep);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  return { top, ticks };
}

/**
 * Which of `count` categories get a printed label on the x-axis: at most `maxLabels`, evenly spaced and always
 * including the last (the most recent day or month is the one people look for).
 */
export function labelIndices(count: number, maxLabels: number): number[] {
  if (count <= 0) return [];
  const every = Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
  const picked: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) picked.unshift(i);
  return picked;
}

/**
 * A figure against the same figure for the period before, in words. A change from nothing has no percentage,
 * so it is said as it is instead of as '+100%' or 'Infinity%'.
 */
export function changeVersusPrevious(current: number, previous: number, period: string): string {
  if (previous === 0) return current === 0 ? `None in the ${period} either` : `Up from none in the ${period}`;
  const change = ((current - previous) / previous) * 100;
  if (change === 0) return `No change vs ${period}`;
  const rounded = Math.abs(change) < 1 ? Math.round(change * 10) / 10 : Math.round(change);
  if (rounded === 0) return `${change > 0 ? "Up" : "Down"} less than 0.1% vs ${period}`;
  return `${rounded > 0 ? "+" : ""}${rounded}% vs ${period}`;
}
