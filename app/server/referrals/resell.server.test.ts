import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrPath } from "./resell.server";

/** Paints the path's rectangles ("M x y h w v1 h-w z") back into a grid of dark modules. */
function paint(size: number, path: string) {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let i = 0; i < Number(w); i++) grid[Number(y)][Number(x) + i] = true;
  return grid;
}

describe("qrPath", () => {
  it("draws exactly the dark modules of the QR code, inside a two-module quiet zone", () => {
    const text = "https://tapcard.example/?ref=AbC123_x";
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    const { size, path } = qrPath(text);
    expect(size).toBe(modules.size + 4);
    const grid = paint(size, path);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const inside = x >= 2 && y >= 2 && x < size - 2 && y < size - 2;
        expect(grid[y][x], `module ${x},${y}`).toBe(inside && Boolean(modules.get(y - 2, x - 2)));
      }
  });
});
