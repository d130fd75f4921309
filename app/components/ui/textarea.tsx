// A textarea in the site's one control look; every prop (ref included) goes to the <textarea>.
import { useEarlyTextarea } from "~/utils/use-early-input";
import { type ControlVariant, controlClass } from "./control-class";

export function Textarea({
  variant,
  className,
  ...props
}: React.ComponentProps<"textarea"> & { variant?: ControlVariant }) {
  useEarlyTextarea(props.id);
  return <textarea className={controlClass(variant, className)} {...props} />;
}
