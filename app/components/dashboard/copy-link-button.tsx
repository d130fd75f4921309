// Copies a card page's address to the clipboard and says so in a toast. It needs JavaScript, so it appears only
// once the page is hydrated; the address itself is always printed beside it.
import { Copy, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { notify } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const COPIED_MESSAGE = "Your profile link has been copied to clipboard";

export function CopyLinkButton({
  url,
  label = "Share",
  icon = "share",
}: {
  url: string;
  label?: string;
  icon?: "share" | "copy";
}) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const Icon = icon === "share" ? Share2 : Copy;
  return (
    <Button
      variant="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          notify({ type: "success", title: COPIED_MESSAGE });
        } catch {
          notify({ type: "error", title: "The link could not be copied. Please copy it from the page." });
        }
      }}
    >
      <Icon aria-hidden className="h-4 w-4" />
      {label}
    </Button>
  );
}
