// The encodings a request's Accept-Encoding allows, with their weights: read the same way for the build's files
// and for the answers compressed per request.

/** Each listed encoding with its q value (1 when none is given, 0 when it cannot be read); at most 500 characters. */
export function acceptedEncodings(header: string | undefined) {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").slice(0, 500).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  return accepted;
}

/** Whether the client takes this encoding: named with a weight above 0, or allowed by `*`. */
export function accepts(accepted: Map<string, number>, name: string) {
  return (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
}
