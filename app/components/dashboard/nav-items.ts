// The dashboard's sidebar, one row per section: the layout draws it, and a unit test holds it to the dashboard's
// routes (tests/route-registrations.test.ts). Each row's icon is in nav-icons.ts, drawn into the page's sprite
// on the server, so no icon's code reaches the browser.
export const DASHBOARD_NAV: { to: string; label: string; end?: boolean }[] = [
  { to: "/dashboard", label: "Dashboard", end: true },
  { to: "/dashboard/links", label: "My Links" },
  { to: "/dashboard/cards", label: "Cards" },
  { to: "/dashboard/contacts", label: "Contacts" },
  { to: "/dashboard/resell", label: "Resell" },
  { to: "/dashboard/cold-calling", label: "Cold Calling" },
  { to: "/dashboard/companies", label: "Companies" },
  { to: "/dashboard/settings", label: "Settings" },
];

/** A section's icon in the page's sprite: 'nav-links' for /dashboard/links, 'nav-dashboard' for /dashboard. */
export const navIconName = (to: string) => `nav-${to.split("/").pop()}`;
