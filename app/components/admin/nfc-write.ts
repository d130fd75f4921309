// Web NFC (Chrome on Android), for the fulfilment section's 'Write to card': write a card's address to its chip
// and read it back before the card is marked written.

interface NdefRecordLike {
  recordType: string;
  data?: DataView;
}
interface NdefReaderLike {
  write(message: { records: { recordType: string; data: string }[] }): Promise<void>;
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((event: { message: { records: NdefRecordLike[] } }) => void) | null;
}

/** How long the written card is waited for to be read back. */
const READ_BACK_MS = 15_000;
const NOT_READ = "\u0000not read";

/** Web NFC (Chrome on Android): write the URL record, read it back, and only then mark the card written. */
export async function writeAndVerify(url: string) {
  const Reader = (globalThis as unknown as { NDEFReader: new () => NdefReaderLike }).NDEFReader;
  const writer = new Reader();
  await writer.write({ records: [{ recordType: "url", data: url }] });
  const reader = new Reader();
  const controller = new AbortController();
  const read = new Promise<string>((resolve) => {
    reader.onreading = (event) => {
      const record = event.message.records[0];
      resolve(record?.recordType === "url" && record.data ? new TextDecoder().decode(record.data) : "");
    };
  });
  await reader.scan({ signal: controller.signal });
  // A card taken away before it was read back is not marked written: the admin holds it to the phone again.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(NOT_READ), READ_BACK_MS);
  });
  const got = await Promise.race([read, timeout]);
  clearTimeout(timer);
  controller.abort();
  return got === url ? "written" : got === NOT_READ ? "not-read" : "different";
}
