// The access matrix's rows for the customer dashboard's Settings pages, and the account intents that the admin's
// own account page answers too. A new Settings route or intent gets its row here.
import { delivery } from "../shop";
import { noFields, type RouteCase } from "./types";

/**
 * Settings → Account, for customers and for the admin: each acts on the signed-in account only. The passwords are
 * wrong on purpose, so the poster's own session survives the run.
 */
export const ACCOUNT_INTENTS: RouteCase["intents"] = {
  "change-password": {
    kind: "self",
    fields: () => ({
      currentPassword: "not-the-password-1",
      newPassword: "taken-over-1",
      confirmPassword: "taken-over-1",
    }),
  },
  "enable-2fa": { kind: "self", fields: () => ({ password: "not-the-password-1" }) },
  "confirm-2fa": { kind: "self", fields: () => ({ code: "123456" }) },
  "cancel-2fa": { kind: "self", fields: noFields },
  "disable-2fa": { kind: "self", fields: () => ({ password: "not-the-password-1", code: "123456" }) },
  "sign-out-others": { kind: "self", fields: noFields },
  "delete-account": { kind: "self", fields: () => ({ password: "not-the-password-1", confirm: "on" }) },
};

export const SETTINGS_CASES: Record<string, RouteCase> = {
  "routes/dashboard/settings/layout.tsx": {
    area: "customer",
    path: () => "/dashboard/settings",
    read: "own",
  },
  "routes/dashboard/settings/profile.tsx": {
    area: "customer",
    path: () => "/dashboard/settings",
    read: "own",
    intents: {
      profile: {
        kind: "self",
        fields: () => ({ firstName: "Mallory", lastName: "M", bio: "", location: "" }),
      },
      avatar: { kind: "self", fields: noFields },
      // Moving an account needs its password (wrong here): A's address is never touched either way.
      email: {
        kind: "self",
        fields: () => ({ newEmail: "alice@example.com", password: "not-the-password-1" }),
      },
    },
  },
  "routes/dashboard/settings/billing.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/billing",
    read: "own",
    intents: { address: { kind: "self", fields: () => ({ ...delivery, fullName: "Mallory" }) } },
  },
  "routes/dashboard/settings/billing-receipt.ts": {
    area: "customer",
    path: (ids) => `/dashboard/settings/billing/receipt/${ids.orderId}`,
    params: (ids) => ({ orderId: ids.orderId }),
    read: "ids",
  },
  "routes/dashboard/settings/account.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/account",
    read: "own",
    intents: ACCOUNT_INTENTS,
  },
  "routes/dashboard/settings/notifications.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/notifications",
    read: "own",
    intents: { save: { kind: "self", fields: () => ({ emailNotifications: "on", marketingUpdates: "on" }) } },
  },
  "routes/dashboard/settings/integrations.tsx": {
    area: "customer",
    path: () => "/dashboard/settings/integrations",
    read: "own",
    foreignReads: (ids) => [`/dashboard/settings/integrations?delete=${ids.webhookId}`],
    intents: {
      // A new endpoint lands on the poster's own account only.
      "add-endpoint": { kind: "self", fields: () => ({ url: "https://mallory-hooks.example.com/in" }) },
      "send-test": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId }) },
      "set-enabled": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId, enabled: "false" }) },
      "delete-endpoint": { kind: "foreign", fields: (ids) => ({ endpointId: ids.webhookId }) },
    },
  },
};
