// Escaping for HTML built as strings (e-mails, receipts, the cached card page): text and attribute values alike.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
