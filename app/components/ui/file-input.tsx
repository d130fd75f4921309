// A file field in the site's one look: its 'Choose file' button as tall as the other controls (44 px).
import { cn } from "~/utils/cn";

export function FileInput({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="file"
      className={cn(
        "block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold",
        className,
      )}
      {...props}
    />
  );
}
