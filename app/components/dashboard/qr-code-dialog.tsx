// A card's QR code in a dialog, with its downloads as SVG and PNG. Loaded on demand: My Cards shows it only when
// asked (a click on View QR Code, or ?qr= in the address, which the server renders open without JavaScript).
import { Download } from "lucide-react";
import { Dialog } from "~/components/ui/dialog";
import type { MyCard } from "~/server/cards/my-cards.server";

/** As My Cards' other links (not imported from there: this file loads on its own). */
const cardActionLinkClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50";

export default function QrCodeDialog({
  card,
  pageUrl,
  onClose,
}: {
  card: MyCard;
  pageUrl: string;
  onClose: () => void;
}) {
  const base = `/card/${card.slug}/qr`;
  return (
    <Dialog title={`QR code for ${card.name}`} closeTo="/dashboard/cards" onClose={onClose}>
      <div className="text-center">
        <img
          src={`${base}.svg`}
          alt={`QR code that opens ${pageUrl}`}
          width={256}
          height={256}
          className="mx-auto"
        />
        <p className="mt-2 text-sm text-slate-600">Scans are counted as QR scans in your scan activity.</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <a href={`${base}.svg`} download={`${card.cardNumber}-qr.svg`} className={cardActionLinkClass}>
            <Download aria-hidden className="h-4 w-4" />
            Download SVG
          </a>
          <a href={`${base}.png`} download={`${card.cardNumber}-qr.png`} className={cardActionLinkClass}>
            <Download aria-hidden className="h-4 w-4" />
            Download PNG
          </a>
        </div>
      </div>
    </Dialog>
  );
}
