// The card form's profile image: uploaded at once to /admin-dashboard/upload-image, previewed, and posted with
// the form as the stored image's URL.
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { IMAGE_MAX_BYTES } from "~/schemas/card-page";
import { useEarlyInput } from "~/utils/use-early-input";

export function ProfileImageUpload({
  name,
  defaultUrl,
  errors,
  onBusy,
}: {
  name: string;
  defaultUrl: string;
  errors?: string[];
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(defaultUrl);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setError(null);
    if (!file.type.startsWith("image/")) return setError("Please select an image file");
    if (file.size > IMAGE_MAX_BYTES) return setError("Image should be less than 5MB");
    setUploading(true);
    onBusy(true);
    try {
      const body = new FormData();
      body.append("image", file);
      const response = await fetch("/admin-dashboard/upload-image", { method: "POST", body });
      const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !result.url) setError(result.error ?? "Failed to upload image. Please try again.");
      else setUrl(result.url);
    } catch {
      setError("Failed to upload image. Please try again.");
    } finally {
      setUploading(false);
      onBusy(false);
    }
  }

  // An image picked before the page's script ran has not been uploaded: upload it now, as the pick would have.
  const picker = useRef<HTMLInputElement>(null);
  useEarlyInput(() => {
    const file = picker.current?.files?.[0];
    if (picker.current && file) {
      picker.current.value = "";
      void upload(file);
    }
  });

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Profile Image</legend>
      <input type="hidden" name={name} value={url} />
      <div className="flex items-center gap-4">
        {url ? (
          <img
            src={url}
            alt="Profile preview"
            width={80}
            height={80}
            className="size-20 rounded-full object-cover"
          />
        ) : (
          <div className="size-20 rounded-full bg-slate-200" aria-hidden="true" />
        )}
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
        >
          {uploading ? "Uploading..." : url ? "Change Image" : "Upload Image"}
          <input
            ref={picker}
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={uploading}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
        {url ? (
          <Button variant="ghost" onClick={() => setUrl("")}>
            Remove
          </Button>
        ) : null}
      </div>
      <p role={error ? "alert" : undefined} className="text-sm font-medium text-red-700">
        {error ?? errors?.[0] ?? ""}
      </p>
    </fieldset>
  );
}
