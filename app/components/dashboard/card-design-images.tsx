// My Cards -> Design: the design's cover (a banner across the top of the card) and logo (beside the name), each
// uploaded like the profile photo (JPEG, PNG, WebP or GIF up to 5 MB) and saved at once. Plain forms.
import { Button } from "~/components/ui/button";

const IMAGES = {
  cover: { label: "Cover image", hint: "A wide picture across the top of your card, cropped to 3:1." },
  logo: { label: "Logo", hint: "Shown whole, beside your name." },
} as const;

function ImageForm({ action, kind, url }: { action: string; kind: keyof typeof IMAGES; url: string | null }) {
  const { label, hint } = IMAGES[kind];
  const inputId = `design-${kind}`;
  return (
    <div className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">{label}</h3>
      <p className="text-sm text-slate-600">{hint}</p>
      {url ? (
        <img
          src={url}
          alt={`Your ${label.toLowerCase()}`}
          className={
            kind === "cover" ? "mt-3 aspect-[3/1] w-full rounded object-cover" : "mt-3 size-16 object-contain"
          }
        />
      ) : null}
      <form method="post" action={action} encType="multipart/form-data" className="mt-3 grid min-w-0 gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {url ? `Replace the ${label.toLowerCase()}` : `Upload a ${label.toLowerCase()}`}
        </label>
        <input
          id={inputId}
          type="file"
          name="image"
          accept="image/jpeg,image/png,image/webp,image/gif"
          required
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value={`upload-${kind}`}>
            Upload {label.toLowerCase()}
          </Button>
        </div>
      </form>
      {url ? (
        <form method="post" action={action} className="mt-2">
          <Button type="submit" variant="secondary" name="intent" value={`remove-${kind}`}>
            Remove {label.toLowerCase()}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

export function CardDesignImages({
  cardNumber,
  images,
}: {
  cardNumber: string;
  images: { cover: string | null; logo: string | null };
}) {
  const action = `/dashboard/cards/${cardNumber}/design`;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <ImageForm action={action} kind="cover" url={images.cover} />
      <ImageForm action={action} kind="logo" url={images.logo} />
    </div>
  );
}
