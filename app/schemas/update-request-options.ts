// The choices and the card number rule of the 'Update Your Card' form, without zod: the form in the browser
// imports them, and a module that builds schemas would bring zod into its script.

export const UPDATE_PLATFORMS = [
  "Instagram",
  "TikTok",
  "YouTube",
  "Facebook",
  "Twitter",
  "LinkedIn",
  "Snapchat",
  "Pinterest",
  "Website",
  "Spotify",
  "Apple Music",
  "SoundCloud",
  "WhatsApp",
  "Telegram",
  "Email",
  "Phone",
  "Twitch",
  "Discord",
  "Reddit",
  "Other",
] as const;

export const UPDATE_ACTIONS = [
  { value: "add-link", label: "Add a link" },
  { value: "remove-link", label: "Remove a link" },
  { value: "change-image", label: "Change profile image" },
] as const;

/** Forces what is typed into the card number field to 'WC' + at most 4 more characters. */
export function normaliseCardNumber(raw: string) {
  // Only the first few characters can matter; the cap keeps the patterns below short.
  const rest = raw
    .slice(0, 32)
    .toUpperCase()
    .replace(/^W?C?/, "")
    .replace(/[^0-9]/g, "");
  return `WC${rest}`.slice(0, 6);
}
