// The Brand kit page's three parts: the e-mail signature (preview, copy, download), the video-call background and
// the QR codes for print. Every file is a plain download link, so the page works without JavaScript; only
// 'Copy signature' needs it and appears once the page is hydrated.
import { Copy, Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { cardActionLinkClass } from "./my-cards";

export interface BrandKitData {
  card: { cardNumber: string; name: string; slug: string };
  qrAddress: string;
  signature: { html: string; text: string };
  qrColour: { brand: string; ratio: number; readable: boolean; used: string };
  qrLogo: boolean;
  background: { width: number; height: number };
  files: {
    signature: string;
    backgroundPng: string;
    backgroundJpg: string;
    qrSvgBlack: string;
    qrPngBlack: string;
    qrSvgBrand: string;
    qrPngBrand: string;
  };
}

function DownloadLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} download className={cardActionLinkClass}>
      <Download aria-hidden className="h-4 w-4" />
      {children}
    </a>
  );
}

/** Copies the signature as HTML (what mail clients paste as formatted), or as text where HTML cannot be copied. */
function CopySignatureButton({ html, text }: { html: string; text: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      if (typeof ClipboardItem !== "undefined" && navigator.clipboard?.write) {
        await navigator.clipboard.write([
          new ClipboardItem({
            "text/html": new Blob([html], { type: "text/html" }),
            "text/plain": new Blob([text], { type: "text/plain" }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(html);
      }
      notify({ type: "success", title: "Your signature has been copied. Paste it into your mail settings." });
    } catch {
      notify({ type: "error", title: "The signature could not be copied. Please download it instead." });
    }
  };
  return (
    <Button variant="secondary" onClick={copy}>
      <Copy aria-hidden className="h-4 w-4" />
      Copy signature
    </Button>
  );
}

const sectionHeading = "text-xl font-semibold text-slate-900";

export function SignatureSection({ data }: { data: BrandKitData }) {
  return (
    <section className="mt-8" aria-labelledby="brand-kit-signature">
      <h2 id="brand-kit-signature" className={sectionHeading}>
        E-mail signature
      </h2>
      <p className="mt-1 mb-4 text-slate-600">
        Copy it into Gmail, Outlook or Apple Mail: your name, title, phone, your card's link and its QR code.
      </p>
      <iframe
        title="Preview of your e-mail signature"
        srcDoc={`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:12px">${data.signature.html}</body></html>`}
        sandbox=""
        className="h-44 w-full max-w-xl rounded-md border border-slate-300 bg-white"
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <CopySignatureButton html={data.signature.html} text={data.signature.text} />
        <DownloadLink href={data.files.signature}>Download signature (HTML)</DownloadLink>
      </div>
    </section>
  );
}

export function BackgroundSection({ data }: { data: BrandKitData }) {
  const { width, height } = data.background;
  return (
    <section className="mt-10" aria-labelledby="brand-kit-background">
      <h2 id="brand-kit-background" className={sectionHeading}>
        Video-call background
      </h2>
      <p className="mt-1 mb-4 text-slate-600">
        {width} x {height}, in your card's design, with a QR code people on the call can scan.
      </p>
      <img
        src={data.files.backgroundPng}
        alt={`Video-call background for ${data.card.name}`}
        width={width}
        height={height}
        loading="lazy"
        className="h-auto w-full max-w-xl rounded-md border border-slate-300"
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <DownloadLink href={data.files.backgroundPng}>Download background (PNG)</DownloadLink>
        <DownloadLink href={data.files.backgroundJpg}>Download background (JPEG)</DownloadLink>
      </div>
    </section>
  );
}

export function PrintQrSection({ data }: { data: BrandKitData }) {
  const { qrColour, files } = data;
  return (
    <section className="mt-10" aria-labelledby="brand-kit-qr">
      <h2 id="brand-kit-qr" className={sectionHeading}>
        QR codes for print
      </h2>
      <p className="mt-1 mb-4 break-words text-slate-600">
        A 2048-pixel PNG or an SVG of any size, opening{" "}
        <span className="break-all font-mono text-sm">{data.qrAddress}</span>.{" "}
        {data.qrLogo
          ? "Your card's logo sits in the middle; the code is made to scan with it there."
          : "Once your card's design has a logo, it will sit in the middle of these codes."}
      </p>
      <img
        src={qrColour.readable ? files.qrSvgBrand : files.qrSvgBlack}
        alt={`QR code of ${data.card.name}'s card`}
        width={192}
        height={192}
        loading="lazy"
        className="h-48 w-48 rounded-md border border-slate-300"
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <DownloadLink href={files.qrPngBlack}>Download black QR code (PNG)</DownloadLink>
        <DownloadLink href={files.qrSvgBlack}>Download black QR code (SVG)</DownloadLink>
        {qrColour.readable ? (
          <>
            <DownloadLink href={files.qrPngBrand}>Download brand colour QR code (PNG)</DownloadLink>
            <DownloadLink href={files.qrSvgBrand}>Download brand colour QR code (SVG)</DownloadLink>
          </>
        ) : null}
      </div>
      {qrColour.readable ? null : (
        <p role="note" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Your brand colour ({qrColour.brand}) is too light to scan reliably on white (contrast{" "}
          {qrColour.ratio}:1, at least 4.5:1 is needed), so your QR codes are in black.
        </p>
      )}
    </section>
  );
}
