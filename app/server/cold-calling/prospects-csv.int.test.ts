// Cold Calling's prospects CSV: the import takes the good rows in one go and reports each bad one, writes nothing
// from a wrong file, and the export writes the import's columns with formulas neutralised.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { prospects } from "~/db/schema";
import * as prospectsRoute from "~/routes/dashboard/cold-calling/prospects";
import * as exportRoute from "~/routes/dashboard/cold-calling/prospects-csv";
import { B, get, HEADER, post, t, upload } from "./prospects-fixture";

describe("prospects CSV", () => {
  it("imports the good rows in one go and reports the bad one with its line and reason", async () => {
    const a = await upload(
      B,
      [
        HEADER,
        "Barber One,Sam,020 7946 1001,,,barbershop",
        "Barber Two,,020 7946 1002,,,barbershop",
        "Bad Phone,,phone me,,,barbershop",
        "Barber Three,,020 7946 1003,three@example.com,3 Main St,Barbershops",
      ].join("\r\n"),
    );
    expect(a.status).toBe(200);
    expect(a.data.report).toEqual({
      imported: 3,
      refusedCount: 1,
      refused: [
        { line: 4, reason: "Phone numbers should only contain numbers and optionally a + character." },
      ],
      ignoredColumns: [],
    });
    const mine = await t.db.select().from(prospects).where(eq(prospects.userId, B.id));
    expect(mine.map((p) => p.businessName).sort()).toEqual(["Barber One", "Barber Three", "Barber Two"]);

    // The same file again: every row is already there, so nothing is written.
    const again = await upload(B, `${HEADER}\nBarber One,Sam,020 7946 1001,,,barbershop\n`);
    expect(again.status).toBe(400);
    expect(again.data.report).toMatchObject({
      imported: 0,
      refused: [{ line: 2, reason: "Already in your prospects" }],
    });
    expect(await t.db.select().from(prospects).where(eq(prospects.userId, B.id))).toHaveLength(3);
  });

  it("writes nothing from a file with the wrong columns, too many bytes or not text", async () => {
    const count = async () => (await t.db.select().from(prospects).where(eq(prospects.userId, B.id))).length;
    const before = await count();
    const wrong = await upload(B, "name,phone\nShop,020 7946 0000\n");
    expect(wrong.status).toBe(400);
    expect(wrong.data.error).toMatch(/^The first row must name the columns/);
    const big = await upload(B, `${HEADER}\n${"A,,020 7946 0000,,,retail\n".repeat(50_000)}`);
    expect([big.status, big.data.error]).toEqual([
      413,
      "The file is larger than 1 MB. Split it into smaller files.",
    ]);
    const binary = await upload(B, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect([binary.status, binary.data.error]).toEqual([400, "The file is not a CSV text file"]);
    const none = await post(prospectsRoute.action, "/dashboard/cold-calling/prospects", B, {
      intent: "import-csv",
    });
    expect(none.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("exports the customer's prospects with the filters, formulas neutralised, in the import's columns", async () => {
    await upload(
      B,
      `${HEADER}\n"=HYPERLINK(""http://evil.example"",""x"")",@boss,+44 20 7946 1004,,,retail\n`,
    );
    const csv = await get(exportRoute.loader, "/dashboard/cold-calling/prospects.csv?type=retail", B);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.body).toBe(
      `${[...HEADER.split(","), "status", "last_contact_date"].map((c) => `"${c}"`).join(",")}\r\n` +
        `"'=HYPERLINK(""http://evil.example"",""x"")","'@boss","+44 20 7946 1004",,,"retail","not_contacted",""\r\n`,
    );
    // The export goes back in: its extra columns are ignored and the rows are already there.
    const all = await get(exportRoute.loader, "/dashboard/cold-calling/prospects.csv", B);
    const back = await upload(B, all.body);
    expect(back.data.report).toMatchObject({ imported: 0, ignoredColumns: ["status", "last_contact_date"] });
    expect((back.data.report as { refused: { reason: string }[] }).refused.map((r) => r.reason)).toEqual(
      Array(4).fill("Already in your prospects"),
    );
  });
});
