// A page goes to the response in one piece per batch React completes, not in React's 4 KB writes.
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BatchedStream } from "./batched-stream.server";

function render(page: React.ReactNode) {
  return new Promise<Buffer[]>((resolve, reject) => {
    const pieces: Buffer[] = [];
    const stream = new BatchedStream();
    stream.on("data", (piece: Buffer) => pieces.push(piece));
    stream.on("end", () => resolve(pieces));
    stream.on("error", reject);
    const { pipe } = renderToPipeableStream(page, { onShellReady: () => pipe(stream), onShellError: reject });
  });
}

const names = Array.from({ length: 2000 }, (_, i) => `Row ${i} of a long admin list`);
const rows = names.map((name) => <li key={name}>{name}</li>);

/** Shows a text that arrives later: its Suspense boundary is streamed after the shell. */
function Late({ text }: { text: Promise<string> }) {
  return <p>{use(text)}</p>;
}

describe("BatchedStream", () => {
  it("passes a 60 KB page on in one piece, byte for byte", async () => {
    const pieces = await render(<ul>{rows}</ul>);
    const html = Buffer.concat(pieces).toString("utf8");
    expect(html.length).toBeGreaterThan(60_000);
    expect(html).toContain("<li>Row 1999 of a long admin list</li>");
    expect(pieces).toHaveLength(1);
  });

  it("passes on the shell, then what a Suspense boundary streams later, each whole", async () => {
    let resolveLate: (value: string) => void = () => {};
    const late = new Promise<string>((resolve) => {
      resolveLate = resolve;
    });
    const rendering = render(
      <main>
        <ul>{rows}</ul>
        <Suspense fallback={<p>Loading</p>}>
          <Late text={late} />
        </Suspense>
      </main>,
    );
    setImmediate(() => resolveLate("Arrived later"));
    const pieces = await rendering;
    expect(pieces).toHaveLength(2);
    expect(pieces[0]!.toString("utf8")).toContain("Loading");
    expect(pieces[1]!.toString("utf8")).toContain("Arrived later");
  });
});
