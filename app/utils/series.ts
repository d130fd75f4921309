// Series of values by calendar day or month, as the charts draw them and the server fills them: every key
// present, missing ones as zero. Browser-safe.

/** One bar: its category (a day or a month) and a value per series. */
export interface ChartPoint<K extends string = string> {
  key: string;
  values: Record<K, number>;
}

/**
 * One point per key in `keys` (in that order), each with every series present: rows for a missing key or series
 * count as zero, rows outside `keys` are left out, and several rows for one key and series add up.
 */
export function fillSeries<K extends string>(
  keys: readonly string[],
  series: readonly K[],
  rows: readonly { key: string; series: K; value: number }[],
): ChartPoint<K>[] {
  const zero = () => Object.fromEntries(series.map((s) => [s, 0])) as Record<K, number>;
  const byKey = new Map(keys.map((k) => [k, { key: k, values: zero() }]));
  for (const row of rows) {
    const point = byKey.get(row.key);
    if (point && row.series in point.values) point.values[row.series] += row.value;
  }
  return [...byKey.values()];
}
