// The buttons of an e-mail change's two links (email-change.server.ts): the new address confirms the change, the
// old address stops or undoes it. The token in the form is the proof; no session is needed.
import { randomBytes } from "node:crypto";
import { type AppLoadContext, data } from "react-router";
import { unknownIntent } from "../platform/forms.server";
import { redirectWithToast } from "../platform/toast.server";
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, stopEmailChange } from "./email-change.server";

export async function handleEmailChangeAction(context: Pick<AppLoadContext, "db" | "auth">, form: FormData) {
  const token = String(form.get("token") ?? "");
  switch (form.get("intent")) {
    case "confirm": {
      const outcome = await confirmEmailChange(context.db, token);
      if (!outcome.ok)
        return data(
          { done: false as const, message: EMAIL_CHANGE_MESSAGES[outcome.problem] },
          { status: 409 },
        );
      return redirectWithToast("/dashboard/settings?email=confirmed", {
        type: "success",
        title: "E-mail address changed",
        description: `Your account's e-mail address is now ${outcome.email}.`,
      });
    }
    case "stop": {
      // A password nobody knows, in the form better-auth checks: signing in with it fails like a wrong one.
      const unusableHash = async () =>
        (await context.auth.$context).password.hash(randomBytes(32).toString("base64url"));
      const outcome = await stopEmailChange(context.db, token, unusableHash);
      // 'oldTaken' still stopped the change and signed the account out: it acted, so it is no refusal.
      if (!outcome.ok)
        return data(
          { done: false as const, message: EMAIL_CHANGE_MESSAGES[outcome.problem] },
          { status: outcome.problem === "oldTaken" ? 200 : 409 },
        );
      return {
        done: true as const,
        message: `The e-mail change is stopped: your account's e-mail address is ${outcome.email}, and every session of your account has been signed out. Whoever asked for the change knew your password, so it no longer works: choose a new one with a reset link sent to ${outcome.email}.`,
      };
    }
    default:
      return unknownIntent();
  }
}
