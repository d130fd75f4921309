export interface SunkEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  messageId: string | null;
  receivedAt: string;
}
export function startSmtpSink(opts?: { port?: number; dir?: string; rejectFirst?: number }): Promise<{
  port: number;
  url: string;
  messages: SunkEmail[];
  stop(): Promise<void>;
}>;

export function readSunkMail(dir: string): SunkEmail[];
