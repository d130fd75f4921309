// How large a request body may be, by path: small for every form, larger where a profile image is uploaded.

/** Bodies larger than this are refused before they are read. */
const MAX_BODY_BYTES = 1024 * 1024;
/** A 5 MB image plus the multipart envelope. */
const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
/** Forms that carry a profile image: the admin card form's upload, update requests, the customer's avatar. */
const UPLOAD_PATHS = new Set(["/admin-dashboard/upload-image", "/update-links", "/dashboard/settings"]);
/** A card's Design page: its cover and logo. */
const DESIGN_PAGE = /^\/dashboard\/cards\/WC\d{4}\/design$/;
/** A 1 MB CSV file plus the envelope, with room so a slightly larger file gets the form's own clear refusal. */
const MAX_CSV_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Forms that carry a CSV file: the admin's lead pool upload and the customer's prospects import. */
const CSV_UPLOAD_PATHS = new Set(["/admin-dashboard/leads", "/dashboard/cold-calling/prospects"]);

/**
 * The largest body a POST to this path may have. A form sent with JavaScript posts to the same path with
 * `.data` appended (React Router's data requests), and gets the same allowance.
 */
export function maxBodyBytes(path: string) {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  if (UPLOAD_PATHS.has(page) || DESIGN_PAGE.test(page)) return MAX_UPLOAD_BYTES;
  return CSV_UPLOAD_PATHS.has(page) ? MAX_CSV_UPLOAD_BYTES : MAX_BODY_BYTES;
}
