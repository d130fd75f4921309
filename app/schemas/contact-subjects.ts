// The contact form's subjects, without zod: the form in the browser lists them.

export const CONTACT_SUBJECTS = [
  { value: "services", label: "Queries about our services" },
  { value: "updating-links", label: "Updating links" },
  { value: "support", label: "Support" },
  { value: "delivery", label: "Delivery" },
  { value: "collaborations", label: "Collaborations" },
  { value: "hiring", label: "Hiring" },
  { value: "custom", label: "Other (please specify)" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];
