// The Settings → Notifications form: five checkboxes. An unticked checkbox is not posted at all, so a missing
// field means off.
import { z } from "~/schemas/zod";

const toggle = z.boolean().default(false);

export const NotificationPreferencesSchema = z.object({
  emailNotifications: toggle,
  cardTapsDigest: toggle,
  linkClicksDigest: toggle,
  marketingUpdates: toggle,
  newContactEmails: toggle,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** What an account has before it saves anything (the column defaults of customer_preferences). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  cardTapsDigest: true,
  linkClicksDigest: false,
  marketingUpdates: false,
  newContactEmails: true,
};
