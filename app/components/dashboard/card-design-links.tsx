// My Cards -> Design: the card's links, each shown or hidden and moved up or down at once (free; adding, removing
// or changing a link stays a paid update in My Links). Plain forms: they work without JavaScript.
import { Button } from "~/components/ui/button";

export interface DesignLink {
  id: string;
  title: string;
  hidden: boolean;
}

function LinkButton({
  action,
  linkId,
  intent,
  label,
  children,
  disabled,
}: {
  action: string;
  linkId: string;
  intent: string;
  label: string;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="linkId" value={linkId} />
      <Button
        type="submit"
        variant="secondary"
        name="intent"
        value={intent}
        aria-label={label}
        disabled={disabled}
      >
        {children}
      </Button>
    </form>
  );
}

export function CardDesignLinks({ cardNumber, links }: { cardNumber: string; links: DesignLink[] }) {
  const action = `/dashboard/cards/${cardNumber}/design`;
  if (links.length === 0) return <p className="text-slate-600">This card has no links yet.</p>;
  return (
    <ol className="grid gap-3">
      {links.map((link, i) => (
        <li
          key={link.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3"
        >
          <div className="min-w-0">
            <p className="break-words font-semibold text-slate-900">{link.title}</p>
            <p className="text-sm text-slate-600">{link.hidden ? "Hidden from your page" : "On your page"}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <LinkButton
              action={action}
              linkId={link.id}
              intent={link.hidden ? "show-link" : "hide-link"}
              label={`${link.hidden ? "Show" : "Hide"} ${link.title}`}
            >
              {link.hidden ? "Show" : "Hide"}
            </LinkButton>
            <LinkButton
              action={action}
              linkId={link.id}
              intent="move-up"
              label={`Move ${link.title} up`}
              disabled={i === 0}
            >
              Up
            </LinkButton>
            <LinkButton
              action={action}
              linkId={link.id}
              intent="move-down"
              label={`Move ${link.title} down`}
              disabled={i === links.length - 1}
            >
              Down
            </LinkButton>
          </div>
        </li>
      ))}
    </ol>
  );
}
