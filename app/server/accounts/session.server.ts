// Who is signed in, asked once per page load, and the guards every loader and action uses: a signed-in
// account, or an admin. The two roles are told apart here.
import { redirect } from "react-router";
import { redirectWithToast } from "../platform/toast.server";
import type { Auth } from "./auth.server";

type Role = "customer" | "admin";
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Whoever asks who is signed in: a request's load context (React Router's, shared by its loaders), or a test's. */
export type SessionSource = { auth: Auth };

/**
 * The root, the layout and the page each ask who is signed in, in parallel, and React Router hands each loader a
 * Request of its own but one load context per HTTP request; so the answer is kept with that context, and a page
 * load (a GET) asks the database once. Not for other methods: an action may sign out or change the account
 * before the loaders read it again.
 */
const answersOfRequest = new WeakMap<SessionSource, Map<string, Promise<SessionUser | null>>>();

export function getSessionUser(source: SessionSource, request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpSessionUser(source.auth, request);
  let known = answersOfRequest.get(source);
  if (!known) {
    known = new Map();
    answersOfRequest.set(source, known);
  }
  const key = `${request.headers.get("cookie") ?? ""}\n${request.headers.get("authorization") ?? ""}`;
  let user = known.get(key);
  if (!user) {
    user = lookUpSessionUser(source.auth, request);
    known.set(key, user);
  }
  return user;
}

async function lookUpSessionUser(auth: Auth, request: Request): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string | null };
  return { id: u.id, name: u.name, email: u.email, role: u.role === "admin" ? "admin" : "customer" };
}

/**
 * The page a request is for, as the visitor sees it: React Router 8 passes data requests through as sent: they carry
 * a `.data` suffix and parameters of their own, which a link back must not.
 */
function pageAddress(request: Request) {
  const url = new URL(request.url);
  let path = url.pathname.replace(/\.data$/, "");
  if (path !== url.pathname) path = path.replace(/\/(?:_root|_)$/, "/");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.size ? `?${url.searchParams}` : "";
  return `${path || "/"}${search}`;
}

/** A signed-in account, else a redirect to /login that comes back here afterwards. */
export async function requireUser(source: SessionSource, request: Request) {
  const user = await getSessionUser(source, request);
  if (user) return user;
  throw redirect(`/login?redirectTo=${encodeURIComponent(pageAddress(request))}`);
}

/** An admin, else: pages redirect to /admin-login with a toast; direct calls to actions get 403. */
export async function requireAdmin(source: SessionSource, request: Request) {
  const user = await getSessionUser(source, request);
  if (user?.role === "admin") return user;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw new Response("Admin role required", { status: 403 });
  }
  throw await redirectWithToast("/admin-login", {
    type: "error",
    title: "Access denied",
    description: "You must be logged in as an admin to view this page",
  });
}
