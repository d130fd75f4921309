// Dashboard home: the customer's figures from their own card pages and the analytics (links, clicks over the
// last 30 days against the 30 before, cards in use), what they pay, shortcuts to the sections, and the next step.
import { BarChart3, CreditCard, HandCoins, Link2, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { changeVersusPrevious } from "~/components/charts/series";
import { CopyLinkButton } from "~/components/dashboard/copy-link-button";
import { PageHeading } from "~/components/layout/page-heading";
import { ButtonLink } from "~/components/ui/button";
import { requireUser } from "~/server/accounts/session.server";
import { STATS_DAYS } from "~/server/cards/card-stats.server";
import { getDashboardHome } from "~/server/cards/dashboard-home.server";
import { countNewContacts } from "~/server/contacts/contacts.server";
import { addDays, utcDay } from "~/utils/dates";
import { privatePage } from "~/utils/seo";
import type { Route } from "./+types/home";

export const meta = () =>
  privatePage("Dashboard", "Your cards at a glance: taps, link clicks and recent activity.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const today = utcDay();
  // The same 30 days as the clicks beside it: today and the 29 days before, in UTC.
  const contactsSince = new Date(`${addDays(today, -(STATS_DAYS - 1))}T00:00:00Z`);
  const [{ stats, newest }, newContacts] = await Promise.all([
    getDashboardHome(context.db, user.id, today),
    countNewContacts(context.db, user.id, contactsSince),
  ]);
  return {
    user: { name: user.name, email: user.email },
    stats,
    newContacts,
    days: STATS_DAYS,
    share: newest
      ? {
          name: newest.name,
          cardNumber: newest.cardNumber,
          url: `${context.config.publicUrl.replace(/\/+$/, "")}/${newest.slug}`,
        }
      : null,
  };
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

function StatCard({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{note}</dd>
    </div>
  );
}

const quickActions = [
  {
    to: "/dashboard/links",
    title: "Manage Links",
    text: "The links on your cards and their clicks.",
    Icon: Link2,
  },
  {
    to: "/dashboard/cards",
    title: "Manage Cards",
    text: "Your cards, their QR codes and profiles.",
    Icon: CreditCard,
  },
  {
    to: "/dashboard/resell",
    title: "Find Resellers",
    text: "Share your referral link and earn on every card sold.",
    Icon: HandCoins,
  },
  {
    to: "/dashboard/cards#scan-activity",
    title: "View Analytics",
    text: "Taps, scans and visits per day.",
    Icon: BarChart3,
  },
];

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { user, stats, newContacts, days, share } = loaderData;
  const period = `previous ${days} days`;
  return (
    <>
      <PageHeading title={`Welcome, ${user.name}`} intro={`Signed in as ${user.email}.`} />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label="Total Links"
          value={stats.totalLinks.toLocaleString("en-GB")}
          note={`On ${plural(stats.cardsOwned, "card", "cards")}`}
        />
        <StatCard
          label={`Total Clicks (last ${days} days)`}
          value={stats.clicks.current.toLocaleString("en-GB")}
          note={changeVersusPrevious(stats.clicks.current, stats.clicks.previous, period)}
        />
        <StatCard
          label={`New contacts (${days} days)`}
          value={newContacts.toLocaleString("en-GB")}
          note="Details shared from your card pages"
        />
        <StatCard
          label="Active Cards"
          value={stats.activeCards.toLocaleString("en-GB")}
          note={`Viewed in the last ${days} days, of ${plural(stats.cardsOwned, "card", "cards")}`}
        />
        <StatCard
          label="Subscription"
          value="No monthly fees"
          note={`${plural(stats.cardsOwned, "card", "cards")} owned, each paid for once`}
        />
      </dl>

      <section aria-labelledby="quick-actions-heading" className="mt-8">
        <h2 id="quick-actions-heading" className="text-lg font-bold text-slate-900">
          Quick Actions
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-3">
          {quickActions.map(({ to, title, text, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-600"
              >
                <Icon aria-hidden className="h-6 w-6 shrink-0 text-brand-700" />
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="next-step-heading"
        className="mt-8 rounded-xl border border-brand-100 bg-brand-50 p-6"
      >
        {share ? (
          <>
            <h2 id="next-step-heading" className="text-lg font-bold text-slate-900">
              Share your card
            </h2>
            <p className="mt-1 text-slate-700">
              Anyone with this link sees the same page as a tap on card {share.cardNumber} ({share.name}).
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <p className="min-w-0 break-all rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900">
                {share.url}
              </p>
              <CopyLinkButton url={share.url} label="Copy link" icon="copy" />
            </div>
          </>
        ) : stats.cardsOwned > 0 ? (
          <>
            <h2 id="next-step-heading" className="text-lg font-bold text-slate-900">
              Your cards
            </h2>
            <p className="mt-1 text-slate-700">
              Your One Link {stats.cardsOwned === 1 ? "card opens its link" : "cards open their links"} with a
              tap. A Multi Link card adds a page of all your links that you can change, with taps and clicks
              counted.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <ButtonLink to="/dashboard/cards">See your cards</ButtonLink>
              <ButtonLink to="/order-card?type=multi-link" variant="secondary">
                Order a Multi Link card
              </ButtonLink>
            </div>
          </>
        ) : (
          <>
            <h2 id="next-step-heading" className="text-lg font-bold text-slate-900">
              Get your first card
            </h2>
            <p className="mt-1 text-slate-700">
              Order a card to share your links with a tap, or add a card you already have from the Cards
              section.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <ButtonLink to="/order-card">
                <ShoppingBag aria-hidden className="h-4 w-4" />
                Order a card
              </ButtonLink>
              <ButtonLink to="/dashboard/cards" variant="secondary">
                Add a card I have
              </ButtonLink>
            </div>
          </>
        )}
      </section>
    </>
  );
}
