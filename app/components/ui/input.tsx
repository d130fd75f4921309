// A text input in the site's one control look; every prop (ref included) goes to the <input>.
import { type ControlVariant, controlClass } from "./control-class";

export function Input({
  variant,
  className,
  ...props
}: React.ComponentProps<"input"> & { variant?: ControlVariant }) {
  return <input className={controlClass(variant, className)} {...props} />;
}
