// The sidebar's icons by sprite name (nav-items.ts names them): only the layout's loader draws them, once, into
// the sprite it sends with every dashboard page.
import {
  Building2,
  Contact as ContactIcon,
  CreditCard,
  HandCoins,
  LayoutDashboard,
  Link2,
  LogOut,
  type LucideIcon,
  Menu,
  PhoneCall,
  Settings,
  X,
} from "lucide-react";

export const NAV_ICONS: Record<string, LucideIcon> = {
  "nav-dashboard": LayoutDashboard,
  "nav-links": Link2,
  "nav-cards": CreditCard,
  "nav-contacts": ContactIcon,
  "nav-resell": HandCoins,
  "nav-cold-calling": PhoneCall,
  "nav-companies": Building2,
  "nav-settings": Settings,
  "nav-logout": LogOut,
  "nav-menu": Menu,
  "nav-close": X,
};
