// Dates as the dashboards print them. Formatters are built once: toLocaleDateString with options builds one per
// call, which showed in the signed-in pages' profiles.

/** A day in UTC ("23 Nov 2026"), so the server and the browser print the same one. */
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export const formatDay = (iso: string) => dayFormat.format(new Date(iso));
