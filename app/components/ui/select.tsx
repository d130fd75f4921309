// A select in the site's one control look; every prop (ref included) goes to the <select>.
import { type ControlVariant, controlClass } from "./control-class";

export function Select({
  variant,
  className,
  ...props
}: React.ComponentProps<"select"> & { variant?: ControlVariant }) {
  return <select className={controlClass(variant, className)} {...props} />;
}
