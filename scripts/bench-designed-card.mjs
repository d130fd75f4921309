// The card page the benchmarks measure: ten links, a photo, a cover and a logo, in the heaviest design (new cards
// start in the shop's default design, set first). Made through the admin's own forms, as an admin would.
import { busyPhoto } from "../tests/fixtures/busy-photo.mjs";

/**
 * The heaviest design: app/server/cards/page-budget.test.ts weighs every design, and Soft gradient following the
 * visitor's device (both variants and a gradient) in the Rounded font's long stack comes out on top.
 */
export const HEAVIEST_DESIGN = {
  theme: "soft",
  variant: "auto",
  brand: "#0e7490",
  buttonFill: "outlined",
  buttonShape: "rounded",
  font: "rounded",
};

const ICONS = [
  "globe",
  "instagram",
  "facebook",
  "twitter",
  "linkedin",
  "youtube",
  "github",
  "menu",
  "star",
  "utensils",
];

/** Signs in through the admin's sign-in form; returns the session's Cookie header. */
export async function adminCookie(base, email, password, headers) {
  const login = await fetch(`${base}/admin-login`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams({ email, password }),
  });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function post(url, body, headers, what) {
  const answer = await fetch(url, { method: "POST", redirect: "manual", headers, body });
  if (answer.status !== 302) throw new Error(`${what} failed with ${answer.status}`);
  return answer;
}

/** The card's id, from the admin's card list. */
export async function cardId(base, cookie, slug) {
  const cards = await (
    await fetch(`${base}/admin-dashboard/cards?q=${slug}&_data`, { headers: { Cookie: cookie } })
  ).text();
  return /\/admin-dashboard\/edit\/([0-9a-f-]{36})/.exec(cards)?.[1];
}

/**
 * Makes the card at /{slug}. `headers`: what each request sends besides the session (Origin, User-Agent). Returns
 * the card form as posted (to post it again as an edit), the uploaded photo's URL and the card's id.
 */
export async function createDesignedCard(base, cookie, { slug, headers }) {
  const signedIn = { ...headers, Cookie: cookie };
  await post(
    `${base}/admin-dashboard/default-design`,
    new URLSearchParams({ intent: "save-design", ...HEAVIEST_DESIGN }),
    signedIn,
    "setting the default design",
  );
  const photo = await busyPhoto();
  const upload = new FormData();
  upload.append("image", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  const uploaded = await (
    await fetch(`${base}/admin-dashboard/upload-image`, { method: "POST", headers: signedIn, body: upload })
  ).json();
  if (!uploaded.url) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`);
  const form = new URLSearchParams({
    name: "Benchmark Person",
    businessName: "Benchmark Bakery Ltd",
    slug,
    password: "bench-edit-password",
    contactEmail: "person@bench.example",
    contactPhone: "+44 7700 900123",
    bio: "Fresh bread every morning since 1998. Order online, book a table or leave us a review: we read every one.",
    profileImageUrl: uploaded.url,
  });
  ICONS.forEach((icon, i) => {
    form.append(`links[${i}].title`, `Link number ${i + 1} (${icon})`);
    form.append(`links[${i}].url`, `https://www.example.com/${icon}/profile-${i + 1}`);
    form.append(`links[${i}].icon`, icon);
  });
  await post(`${base}/admin-dashboard/create`, form, signedIn, "creating the card");
  const id = await cardId(base, cookie, slug);
  for (const kind of ["cover", "logo"]) {
    const image = new FormData();
    image.append("intent", `upload-${kind}`);
    image.append("image", new Blob([photo], { type: "image/jpeg" }), `${kind}.jpg`);
    await post(`${base}/admin-dashboard/edit/${id}/design`, image, signedIn, `adding the ${kind}`);
  }
  return { form, uploaded, id };
}
