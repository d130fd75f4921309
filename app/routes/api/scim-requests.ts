// What Microsoft Entra ID and Okta send a SCIM 2.0 endpoint, in the shapes their documentation gives (Entra:
// "Develop and plan provisioning for a SCIM endpoint", its request examples; Okta: "SCIM 2.0 protocol reference").
// Only the names and addresses are ours.

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export const entra = {
  /** Create User: no displayName, an enterprise extension schema, an empty roles list. */
  createUser: (userName: string, email: string) => ({
    schemas: [
      "urn:ietf:params:scim:schemas:core:2.0:User",
      "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
    ],
    externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
    userName,
    active: true,
    emails: [{ primary: true, type: "work", value: email }],
    meta: { resourceType: "User" },
    name: { formatted: "Erin Entra", familyName: "Entra", givenName: "Erin" },
    roles: [],
  }),
  /** Get User by query: the filter Entra matches an existing user with. */
  filter: (userName: string) => `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
  /** Update User (multi-valued and single-valued attributes): "Replace" capitalised, paths. */
  rename: {
    schemas: [PATCH_OP],
    Operations: [
      { op: "Replace", path: "name.familyName", value: "Entra-Smith" },
      { op: "Replace", path: "displayName", value: "Erin Entra-Smith" },
    ],
  },
  /** Update User: a new job title, Entra's mapping of jobTitle to the core `title`. */
  retitle: (title: string) => ({
    schemas: [PATCH_OP],
    Operations: [{ op: "Replace", path: "title", value: title }],
  }),
  /** Disable User, as Entra sends it without the SCIM compliance flag: the value a string "False". */
  disableAsString: {
    schemas: [PATCH_OP],
    Operations: [{ op: "Replace", path: "active", value: "False" }],
  },
  /** Disable User, the compliant shape. */
  disable: {
    Operations: [{ op: "Replace", path: "active", value: false }],
    schemas: [PATCH_OP],
  },
  enable: {
    Operations: [{ op: "Replace", path: "active", value: true }],
    schemas: [PATCH_OP],
  },
};

export const okta = {
  /** Create User: Okta sends a password and a groups list too. */
  createUser: (userName: string) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName,
    name: { givenName: "Otis", familyName: "Okta" },
    emails: [{ primary: true, value: userName, type: "work" }],
    displayName: "Otis Okta",
    locale: "en-US",
    externalId: "00ujl29u0le5T6Aj10h7",
    groups: [],
    password: "1mz050nq",
    active: true,
  }),
  /** Okta's user lookup: the filter with paging. */
  filter: (userName: string) =>
    `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`,
  /** Update User: Okta's PATCH without a path, the attributes in the value. */
  rename: {
    schemas: [PATCH_OP],
    Operations: [
      { op: "replace", value: { displayName: "Otis Okta-Jones", name: { familyName: "Okta-Jones" } } },
    ],
  },
  /** Update User with a title: Okta's profile push replaces the whole user by PUT. */
  replaceUser: (userName: string, title: string) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName,
    name: { givenName: "Otis", familyName: "Okta-Jones" },
    emails: [{ primary: true, value: userName, type: "work" }],
    displayName: "Otis Okta-Jones",
    title,
    active: true,
  }),
  /** Deactivate User. */
  deactivate: {
    schemas: [PATCH_OP],
    Operations: [{ op: "replace", value: { active: false } }],
  },
  /** Reactivate User. */
  reactivate: {
    schemas: [PATCH_OP],
    Operations: [{ op: "replace", value: { active: true } }],
  },
};
