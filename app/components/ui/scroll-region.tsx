// A wide table's frame on a narrow screen: it scrolls sideways, and it is focusable (with a name) so keyboard
// users can scroll it too when the table holds nothing focusable itself.
import { cn } from "~/utils/cn";

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className={cn("overflow-x-auto", className)}>
      {children}
    </section>
  );
}
