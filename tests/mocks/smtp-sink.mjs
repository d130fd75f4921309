// A real SMTP server on 127.0.0.1 that keeps what it receives: in memory, and as JSON files when given a folder.
// Run directly (node tests/mocks/smtp-sink.mjs PORT DIR) for browser tests, or import startSmtpSink in tests.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * @param {{ port?: number, dir?: string, rejectFirst?: number }} opts rejectFirst: refuse that many messages first
 */
export async function startSmtpSink(opts = {}) {
  const messages = [];
  let toReject = opts.rejectFirst ?? 0;
  if (opts.dir) fs.mkdirSync(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (toReject > 0) {
            toReject--;
            const error = new Error("Mailbox temporarily unavailable");
            error.responseCode = 451;
            return callback(error);
          }
          const message = {
            from: mail.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            replyTo: mail.replyTo?.text ?? null,
            messageId: mail.messageId ?? null,
            receivedAt: new Date().toISOString(),
          };
          messages.push(message);
          if (opts.dir) {
            // Names sort in the order received (the count padded, for two in one millisecond). Each file is
            // written under another name and renamed, so a reader never sees half a message.
            const file = path.join(
              opts.dir,
              `${Date.now()}-${String(messages.length).padStart(6, "0")}.json`,
            );
            fs.writeFileSync(`${file}.part`, JSON.stringify(message));
            fs.renameSync(`${file}.part`, file);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.server.address();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Every message written to `dir` so far, oldest first; a message still being written is not listed yet. */
export function readSunkMail(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [port, dir] = process.argv.slice(2);
  const sink = await startSmtpSink({ port: Number(port), dir });
  console.warn(`SMTP sink listening on ${sink.url}, writing to ${dir}`);
  const stop = () => sink.stop().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
