// The dashboard's sidebar, one row per section with its icon: the layout draws the icons from this list, and a
// unit test holds it to the dashboard's routes (tests/route-registrations.test.ts).
import {
  Building2,
  Contact as ContactIcon,
  CreditCard,
  HandCoins,
  LayoutDashboard,
  Link2,
  type LucideIcon,
  PhoneCall,
  Settings,
} from "lucide-react";

export const DASHBOARD_NAV: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/dashboard/links", label: "My Links", icon: Link2 },
  { to: "/dashboard/cards", label: "Cards", icon: CreditCard },
  { to: "/dashboard/contacts", label: "Contacts", icon: ContactIcon },
  { to: "/dashboard/resell", label: "Resell", icon: HandCoins },
  { to: "/dashboard/cold-calling", label: "Cold Calling", icon: PhoneCall },
  { to: "/dashboard/companies", label: "Companies", icon: Building2 },
  { to: "/dashboard/settings", label: "Settings", icon: Settings },
];

/** A section's icon in the page's sprite: 'nav-links' for /dashboard/links, 'nav-dashboard' for /dashboard. */
export const navIconName = (to: string) => `nav-${to.split("/").pop()}`;
