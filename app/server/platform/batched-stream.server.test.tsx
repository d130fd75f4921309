// A page goes to the response in one piece per batch React completes, not in React's 4 KB writes.
import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BatchedStream } from "./batched-stream.server";

/** Renders `page` into a BatchedStream and reads the web stream React Router gets from it, piece by piece. */
async function render(page: React.ReactNode) {
  const stream = new BatchedStream();
  await new Promise<void>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page, {
      onShellReady: () => {
        pipe(stream);
        resolve();
      },
      onShellError: reject,
    });
  });
  const pieces: Buffer[] = [];
  const reader = stream.readable.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read())
    pieces.push(Buffer.from(read.value));
  return pieces;
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

  it("keeps a long text that React writes as a string, not in its byte buffer", async () => {
    const text = "é and a long description of a card page, ".repeat(150);
    const pieces = await render(<p>{text}</p>);
    expect(Buffer.concat(pieces).toString("utf8")).toBe(`<p>${text}</p>`);
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

  it("drops what React still writes once the reader has cancelled, without throwing into the renderer", async () => {
    const stream = new BatchedStream();
    await stream.readable.cancel();
    stream.write(Buffer.from("<p>late</p>"));
    expect(() => {
      stream.flush();
      stream.end();
      stream.destroy(new Error("after the end"));
    }).not.toThrow();
  });
});
