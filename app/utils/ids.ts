// Record ids are UUIDs: anything else is refused before it reaches a query (PostgreSQL would answer 500).

/** A UUID's text form, for building route patterns. */
export const UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

const UUID = new RegExp(`^${UUID_PATTERN}$`);

export function isUuid(value: string) {
  return UUID.test(value);
}
