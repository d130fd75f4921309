// Card edit passwords: random, shown once to the card owner. Browser-safe, so the admin form can suggest one.

/** No look-alike characters: the password is read off a screen and typed on a phone. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 12;

export function generateEditPassword() {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}
