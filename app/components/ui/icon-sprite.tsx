// Icons of a long list drawn once per page and referenced from each row (<use>): a row then costs two elements
// instead of a whole icon, in the render and in the page's bytes.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The list's icons by name, drawn once, hidden; each row's SpriteIcon names one of them. `children`: more symbols. */
export function IconSprite({ icons, children }: { icons: Record<string, LucideIcon>; children?: ReactNode }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute overflow-hidden">
      {Object.entries(icons).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
      {children}
    </svg>
  );
}

/** One icon of the page's IconSprite, decorative (the control around it has the accessible name). */
export function SpriteIcon({ name, className }: { name: string; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
