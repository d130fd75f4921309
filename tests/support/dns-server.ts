// A name server on 127.0.0.1 for tests, on a free UDP port: it answers TXT questions from a table the test changes
// as it runs, and NXDOMAIN for any name the table does not hold, as a zone without that name would.
import { createServer, Packet } from "dns2";

/** One TXT record: a string, or the several strings a long record is sent in. */
type TxtRecord = string | string[];

export interface TestDnsServer {
  /** host:port, as DNS_SERVERS takes it. */
  address: string;
  /** The records at a name from now on (an empty list: the name exists, with no TXT record). */
  setTxt(name: string, records: TxtRecord[]): void;
  /** Forgets every name. */
  clear(): void;
  /**
   * Keeps the next question for the name unanswered until `release()` (others are answered meanwhile), so a test
   * can let something happen between a lookup and what follows it. `asked` settles when that question arrives.
   */
  holdNext(name: string): { asked: Promise<void>; release(): void };
  close(): Promise<void>;
}

export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const zone = new Map<string, TxtRecord[]>();
  const holds = new Map<string, { arrived(): void; released: Promise<void> }>();
  const server = createServer({
    udp: true,
    handle: async (request, send) => {
      const question = request.questions[0];
      const name = question?.name.toLowerCase().replace(/\.$/, "") ?? "";
      const hold = holds.get(name);
      if (hold) {
        holds.delete(name);
        hold.arrived();
        await hold.released;
      }
      const response = Packet.createResponseFromRequest(request);
      const records = zone.get(name);
      if (!question || !records) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT)
        for (const data of records)
          response.answers.push(
            Packet.createResourceFromQuestion(question, { class: Packet.CLASS.IN, ttl: 0, data }),
          );
      // A failed send (the test closed the server meanwhile) shows as the client's timeout.
      await send(response).catch(() => {});
    },
  });
  const { udp } = await server.listen({ udp: { port, address: "127.0.0.1" } });
  return {
    address: `127.0.0.1:${udp!.port}`,
    setTxt: (name, records) => void zone.set(name.toLowerCase(), records),
    clear: () => zone.clear(),
    holdNext: (name) => {
      let arrived = () => {};
      let release = () => {};
      const asked = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(name.toLowerCase(), { arrived, released });
      return { asked, release };
    },
    close: () => server.close(),
  };
}
