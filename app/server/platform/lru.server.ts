// A bounded map that drops the least recently used entries first, built on a Map's insertion order (a read moves
// an entry to the end). Each value weighs `weigh(value)` (1 by default) against `maxWeight`.
export class Lru<K, V> {
  readonly #map = new Map<K, V>();
  #weight = 0;
  /** The entry at the end of the order: reading it again needs no move (a popular card page, read per request). */
  #newest: K | undefined;

  constructor(
    readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined && key !== this.#newest) {
      this.#map.delete(key);
      this.#map.set(key, value);
      this.#newest = key;
    }
    return value;
  }

  set(key: K, value: V) {
    this.delete(key);
    this.#map.set(key, value);
    this.#newest = key;
    this.#weight += this.weigh(value);
    for (const [oldest, old] of this.#map) {
      if (this.#weight <= this.maxWeight) break;
      this.#map.delete(oldest);
      this.#weight -= this.weigh(old);
    }
  }

  delete(key: K) {
    const value = this.#map.get(key);
    if (value === undefined) return;
    this.#map.delete(key);
    if (key === this.#newest) this.#newest = undefined;
    this.#weight -= this.weigh(value);
  }

  clear() {
    this.#map.clear();
    this.#newest = undefined;
    this.#weight = 0;
  }

  /** Entries from least to most recently used, without touching them. */
  entries() {
    return this.#map.entries();
  }

  get size() {
    return this.#map.size;
  }

  get weight() {
    return this.#weight;
  }
}
