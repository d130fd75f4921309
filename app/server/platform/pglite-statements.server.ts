// Named prepared statements on the embedded database (docs/decisions/029-prepared-statements-on-pglite.md).
// PGlite's query() parses, describes and plans every statement anew, in WebAssembly on the app's thread: about
// half of a signed-in page's database time. Here a statement's text is parsed and described once, and each run
// sends Bind, Describe, Execute and Sync in one message, as pgx, pgjdbc and postgres.js do against a server.
// Transactions keep PGlite's own path (their statements run through the transaction object, not query()).
import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";
import { Lru } from "./lru.server";

type Statement = { name: string; paramTypes: number[] };

/**
 * Statements kept prepared, least recently used closed first. The app has about two hundred distinct ones; a list
 * of ids (`in ($1, ..., $n)`) makes one per length, so the bound is what keeps the backend's memory flat.
 */
export const MAX_PREPARED_STATEMENTS = 300;

/** The locks PGlite's own query() takes: no other statement runs, and no transaction is open on the connection. */
type Locks = {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

/** Makes `client.query` run each distinct statement as a named prepared statement. */
export function prepareStatements(client: PGlite): void {
  const locks = client as unknown as Locks;
  const unprepared = client.query.bind(client);
  const statements = new Lru<string, Statement>(MAX_PREPARED_STATEMENTS);
  let made = 0;

  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) return known;
    if (statements.size >= MAX_PREPARED_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await send(client, [protocol.serialize.close({ type: "S", name: oldest.name })]);
    }
    const name = `tapcard_${++made}`;
    const described = await send(client, [
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  }

  client.query = (<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    // Typed parameters and COPY's blobs stay on PGlite's own path; the app uses neither.
    if (options?.paramTypes || options?.blob) return unprepared<T>(text, params, options);
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        const { name, paramTypes } = await statementFor(text);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = options?.serializers?.[paramTypes[i]] ?? client.serializers[paramTypes[i]];
          return serialize ? serialize(value) : String(value);
        });
        const messages = await send(
          client,
          [
            protocol.serialize.bind({ statement: name, values: values as string[] }),
            protocol.serialize.describe({ type: "P" }),
            protocol.serialize.execute({}),
          ],
          // A write outside a transaction reaches the files as PGlite's query() would leave it.
          true,
        );
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  }) as typeof client.query;
}

/** Sends protocol messages and a Sync as one buffer; an error comes back as PGlite's DatabaseError. */
async function send(client: PGlite, parts: Uint8Array[], syncToFs = false) {
  const all = [...parts, protocol.serialize.sync()];
  const message = new Uint8Array(all.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of all) {
    message.set(part, at);
    at += part.byteLength;
  }
  return (await client.execProtocol(message, { syncToFs })).messages;
}
