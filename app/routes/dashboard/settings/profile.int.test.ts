// Settings, Profile tab as routes: the details save whole or not at all, and an avatar replaces the old upload.

import { describe, expect, it } from "vitest";
import { verifiedCustomer } from "../../../../tests/support/auth";
import { answer } from "../../../../tests/support/routes";
import { toastOf } from "../../../../tests/support/shop";
import * as profile from "./profile";
import { auth, context, fieldErrors, get, onDisk, png, post, row, t } from "./profile-fixture";

describe("Settings, Profile", () => {
  it("sends an anonymous visitor to /login, for the page and for the form", async () => {
    const page = await answer(profile.loader, get(""), context);
    expect(page).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard%2Fsettings" });
    const save = await answer(profile.action, post("", { intent: "profile", firstName: "X" }), context);
    expect(save.status).toBe(302);
    expect(save.location).toMatch(/^\/login/);
  });

  it("saves first and last name as one name, with bio and location, and shows them again", async () => {
    const ada = await verifiedCustomer(auth, t.db, "Ada", "ada@example.com");
    const saved = await answer(
      profile.action,
      post(ada.cookie, {
        intent: "profile",
        firstName: "  Ada ",
        lastName: "Lovelace  King",
        bio: "Mathematician.\nFirst programmer.",
        location: "London",
      }),
      context,
    );
    expect(saved).toMatchObject({ status: 302, location: "/dashboard/settings" });
    expect(await toastOf(saved.headers)).toMatchObject({ type: "success", title: "Profile updated" });
    expect(await row(ada.id)).toMatchObject({
      name: "Ada Lovelace King",
      bio: "Mathematician.\nFirst programmer.",
      location: "London",
    });
    const page = await answer(profile.loader, get(ada.cookie), context);
    expect(page.data.profile).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace King",
      email: "ada@example.com",
      bio: "Mathematician.\nFirst programmer.",
      location: "London",
    });
  });

  it("refuses bad input with 400 and the field's message, and writes no field at all", async () => {
    const bea = await verifiedCustomer(auth, t.db, "Bea Before", "bea@example.com");
    const before = await row(bea.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: "Bea", bio: "b".repeat(501) }, "bio", "Bio must be at most 500 characters"],
      [{ firstName: "Bea", bio: "b".repeat(200_000) }, "bio", "Bio must be at most 500 characters"],
      [{ firstName: "B".repeat(51) }, "firstName", "First name must be at most 50 characters"],
      [{ firstName: "  " }, "firstName", "First name is required"],
      [{ firstName: "Bea", lastName: "L".repeat(51) }, "lastName", "Last name must be at most 50 characters"],
      [
        { firstName: "Bea", location: "x".repeat(101) },
        "location",
        "Location must be at most 100 characters",
      ],
      [{ firstName: "Bea", location: "Line\none" }, "location", "Location must be a single line of text"],
      [{ firstName: "Bea\u0000" }, "firstName", "First name must be a single line of text"],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await answer(
        profile.action,
        post(bea.cookie, { intent: "profile", lastName: "Changed", location: "Paris", ...fields }),
        context,
      );
      expect(refused.status, message).toBe(400);
      expect(fieldErrors(refused)[field], message).toEqual([message]);
    }
    expect(await row(bea.id)).toMatchObject({ name: before.name, bio: null, location: null });
  });

  it("answers an unknown intent with 400 and changes nothing", async () => {
    const cy = await verifiedCustomer(auth, t.db, "Cy", "cy@example.com");
    const unknown = await answer(
      profile.action,
      post(cy.cookie, { intent: "delete", firstName: "Zed" }),
      context,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: "Unknown action" });
    const missing = await answer(profile.action, post(cy.cookie, { firstName: "Zed" }), context);
    expect(missing.status).toBe(400);
    expect((await row(cy.id)).name).toBe("Cy");
  });

  it("stores an avatar by the card form's image rule and deletes the upload it replaces", async () => {
    const dee = await verifiedCustomer(auth, t.db, "Dee", "dee@example.com");
    const first = await answer(
      profile.action,
      post(dee.cookie, { intent: "avatar", avatar: await png("#102030") }),
      context,
    );
    expect(first).toMatchObject({ status: 302, location: "/dashboard/settings" });
    const firstUrl = (await row(dee.id)).image!;
    expect(firstUrl).toMatch(/^\/uploads\/profiles\/[a-f0-9]{32}\.webp$/);
    expect(onDisk(firstUrl)).toBe(true);

    const second = await answer(
      profile.action,
      post(dee.cookie, { intent: "avatar", avatar: await png("#405060") }),
      context,
    );
    expect(second.status).toBe(302);
    const secondUrl = (await row(dee.id)).image!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(onDisk(secondUrl)).toBe(true);
    expect(onDisk(firstUrl)).toBe(false);
    expect(onDisk(firstUrl.replace(/\.webp$/, ".jpg"))).toBe(false);
  });

  it("refuses a file that is not an image with 400 and keeps the avatar it has", async () => {
    const eve = await verifiedCustomer(auth, t.db, "Eve", "eve@example.com");
    await answer(
      profile.action,
      post(eve.cookie, { intent: "avatar", avatar: await png("#111111") }),
      context,
    );
    const kept = (await row(eve.id)).image!;
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.png", { type: "image/png" });
    const refused = await answer(
      profile.action,
      post(eve.cookie, { intent: "avatar", avatar: svg }),
      context,
    );
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).avatar).toEqual(["Please select an image file"]);
    const none = await answer(profile.action, post(eve.cookie, { intent: "avatar" }), context);
    expect(none.status).toBe(400);
    expect(fieldErrors(none).avatar).toEqual(["Please select an image file"]);
    expect((await row(eve.id)).image).toBe(kept);
    expect(onDisk(kept)).toBe(true);
  });

  it("keeps a replaced avatar's file while another account shows the same image", async () => {
    const fay = await verifiedCustomer(auth, t.db, "Fay", "fay@example.com");
    const gus = await verifiedCustomer(auth, t.db, "Gus", "gus@example.com");
    const same = await png("#abcdef");
    await answer(profile.action, post(fay.cookie, { intent: "avatar", avatar: same }), context);
    await answer(profile.action, post(gus.cookie, { intent: "avatar", avatar: same }), context);
    const shared = (await row(fay.id)).image!;
    expect((await row(gus.id)).image).toBe(shared);
    await answer(
      profile.action,
      post(gus.cookie, { intent: "avatar", avatar: await png("#fedcba") }),
      context,
    );
    expect(onDisk(shared)).toBe(true);
  });
});
