// The dashboard's Resell section: referral link with copy, share and QR code; the figures; payouts; recent
// referrals; and how the programme works, with its rates from the catalogue.
import { Copy, Download, Share2, TrendingDown, TrendingUp } from "lucide-react";
import { CARDS, commissionFor, REFERRAL_COMMISSION_PERCENT, REFERRAL_DISCOUNT_PERCENT } from "~/catalog";
import { Button } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { COMMISSION_STATUS_LABELS, type CommissionStatus } from "~/schemas/commission-statuses";
import type { ResellData } from "~/server/referrals/resell.server";
import { cn } from "~/utils/cn";
import { formatDay } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const panel = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const linkButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50";

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    notify({ type: "success", title: "Copied!", description: "Your referral link is on the clipboard." });
  } catch {
    notify({ type: "error", title: "The link could not be copied. Please copy it from the page." });
  }
}

export function ReferralLinkPanel({ link, qr }: { link: string; qr: { size: number; path: string } }) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="referral-link-heading" className={cn(panel, "flex flex-col gap-5 sm:flex-row")}>
      <div className="min-w-0 flex-1 space-y-3">
        <h2 id="referral-link-heading" className="text-lg font-bold text-slate-900">
          Your referral link
        </h2>
        <label htmlFor="referral-link" className="block text-sm text-slate-600">
          Anyone who orders through this link gets {REFERRAL_DISCOUNT_PERCENT}% off, and you earn{" "}
          {REFERRAL_COMMISSION_PERCENT}% of the card price.
        </label>
        <input
          id="referral-link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        {/* The buttons need the script; until it runs they keep their place, so nothing below them moves. */}
        <div className={cn("flex flex-wrap gap-2", !hydrated && "invisible")}>
          <Button onClick={() => copyLink(link)}>
            <Copy aria-hidden className="h-4 w-4" /> Copy
          </Button>
          <Button
            variant="secondary"
            onClick={async () => {
              if (typeof navigator.share === "function") {
                try {
                  await navigator.share({ title: "TapCard", url: link });
                } catch {
                  // Closing the share sheet is not an error worth a message.
                }
              } else await copyLink(link);
            }}
          >
            <Share2 aria-hidden className="h-4 w-4" /> Share
          </Button>
        </div>
      </div>
      <figure className="flex shrink-0 flex-col items-center gap-2">
        <svg
          role="img"
          aria-label={`QR code that opens ${link}`}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          width={160}
          height={160}
          shapeRendering="crispEdges"
          className="h-40 w-40"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.path} fill="#000" />
        </svg>
        <a href="/dashboard/resell/qr.svg?download=1" download="referral-qr-code.svg" className={linkButton}>
          <Download aria-hidden className="h-4 w-4" /> Download QR code
        </a>
      </figure>
    </section>
  );
}

type Stats = ResellData["stats"];

function ChangeLine({ stats }: { stats: Stats }) {
  const up = stats.change >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  const amount = `${up ? "+" : "−"}${formatPence(Math.abs(stats.change))}`;
  return (
    <p className={cn("mt-1 flex items-center gap-1 text-sm", up ? "text-emerald-700" : "text-red-700")}>
      <Icon aria-hidden className="h-4 w-4" />
      {amount}
      {stats.changePercent !== null ? ` (${stats.changePercent > 0 ? "+" : ""}${stats.changePercent}%)` : ""}{" "}
      vs last month ({formatPence(stats.lastMonth)})
    </p>
  );
}

export function ResellStats({ stats }: { stats: Stats }) {
  const card = "rounded-xl border border-slate-200 bg-white p-4";
  return (
    <section aria-labelledby="resell-stats-heading">
      <h2 id="resell-stats-heading" className="sr-only">
        Your referral figures
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className={card}>
          <dt className="text-sm text-slate-600">Total Referrals</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{stats.totalReferrals}</dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-slate-600">Total Earnings</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{formatPence(stats.totalEarnings)}</dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-slate-600">This Month</dt>
          <dd className="mt-1">
            <span className="text-2xl font-bold text-slate-900">{formatPence(stats.thisMonth)}</span>
            <ChangeLine stats={stats} />
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm text-slate-600" id="conversion-rate-label">
            Conversion Rate
          </dt>
          <dd className="mt-1">
            <span className="text-2xl font-bold text-slate-900">{stats.conversionRate}%</span>
            <div
              role="progressbar"
              aria-labelledby="conversion-rate-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={stats.conversionRate}
              aria-valuetext={`${stats.conversionRate}% of referred orders completed`}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-600" style={{ width: `${stats.conversionRate}%` }} />
            </div>
          </dd>
        </div>
      </dl>
    </section>
  );
}

const badge: Record<CommissionStatus, string> = {
  pending: "bg-slate-100 text-slate-800",
  held: "bg-amber-100 text-amber-900",
  completed: "bg-emerald-100 text-emerald-900",
  reversed: "border border-red-300 text-red-800",
  paid_out: "bg-brand-50 text-brand-800",
};

export function StatusBadge({ status }: { status: CommissionStatus }) {
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", badge[status])}>
      {COMMISSION_STATUS_LABELS[status]}
    </span>
  );
}

export function PayoutsPanel({ stats, payouts }: { stats: Stats; payouts: ResellData["payouts"] }) {
  return (
    <section aria-labelledby="payouts-heading" className={panel}>
      <h2 id="payouts-heading" className="text-lg font-bold text-slate-900">
        Payouts
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {[
          ["Owed to you", stats.owed],
          ["Paid out", stats.paidOut],
          ["Pending orders", stats.pending],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-lg font-bold text-slate-900">{formatPence(value as number)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        A commission is owed once the order is completed; we pay out what is owed and record the payment here.
        Pending orders earn once they complete.
      </p>
      {payouts.length ? (
        <ul aria-label="Payouts received" className="mt-3 divide-y divide-slate-200">
          {payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span>{formatDay(p.createdAt)}</span>
              <span className="break-all">Reference {p.reference}</span>
              <span className="font-semibold">{formatPence(p.amount)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No payouts yet.</p>
      )}
    </section>
  );
}

export function RecentReferrals({ referrals }: { referrals: ResellData["referrals"] }) {
  return (
    <section aria-labelledby="recent-referrals-heading" className={panel}>
      <h2 id="recent-referrals-heading" className="text-lg font-bold text-slate-900">
        Recent Referrals
      </h2>
      {referrals.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No referrals yet. Share your link: your referrals appear here once their order is paid.
        </p>
      ) : (
        <ScrollRegion label="Recent referrals table" className="mt-3">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-slate-50">
              <tr>
                {["Customer", "Card", "Sale", "Commission", "Date", "Status"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {referrals.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2">{r.customer}</td>
                  <td className="px-3 py-2">{r.cardType}</td>
                  <td className="px-3 py-2">{formatPence(r.sale)}</td>
                  <td className="px-3 py-2">{formatPence(r.commission)}</td>
                  <td className="px-3 py-2">{formatDay(r.date)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={r.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function HowItWorks() {
  const one = CARDS["one-link"];
  const multi = CARDS["multi-link"];
  const steps = [
    ["Share your link", "Send your referral link or QR code to friends, customers and followers."],
    [
      "They purchase",
      `They order a card through your link and get ${REFERRAL_DISCOUNT_PERCENT}% off their order.`,
    ],
    [
      `You earn ${REFERRAL_COMMISSION_PERCENT}%`,
      `${formatPence(commissionFor(one.price))} for every ${one.name} card and ${formatPence(commissionFor(multi.price))} for every ${multi.name} card, once the order is completed.`,
    ],
  ] as const;
  return (
    <section aria-labelledby="how-it-works-heading" className={panel}>
      <h2 id="how-it-works-heading" className="text-lg font-bold text-slate-900">
        How it works
      </h2>
      <ol className="mt-3 grid gap-4 sm:grid-cols-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="rounded-md bg-slate-50 p-4">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <span
                aria-hidden
                className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm text-white"
              >
                {i + 1}
              </span>
              {title}
            </p>
            <p className="mt-2 text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
