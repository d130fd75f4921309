// A textarea in the site's one control look; every prop (ref included) goes to the <textarea>.
import { type ControlVariant, controlClass } from "./control-class";

export function Textarea({
  variant,
  className,
  ...props
}: React.ComponentProps<"textarea"> & { variant?: ControlVariant }) {
  return <textarea className={controlClass(variant, className)} {...props} />;
}
