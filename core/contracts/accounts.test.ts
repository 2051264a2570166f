import { describe, expect, it } from "vitest";
import { modalRegisterSchema, pageRegisterSchema, registerSchema } from "./accounts";

const page = {
  firstName: "Ana",
  lastName: "Pérez",
  email: "Ana@Example.com",
  password: "Sunny-Beach9",
  accountType: "business",
  marketingEmails: false,
} as const;
const modal = { username: "ReefDiver", email: "reef@example.com", password: "Sunny-Beach9" };

function fieldErrors(input: unknown) {
  const result = registerSchema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("registerSchema (POST /api/auth/register)", () => {
  it("takes the /register form as before: names, no username", () => {
    expect(registerSchema.parse(page)).toEqual({
      firstName: "Ana",
      lastName: "Pérez",
      email: "ana@example.com",
      password: "Sunny-Beach9",
      accountType: "business",
      marketingEmails: false,
    });
  });

  it("takes the auth modal's username instead of names", () => {
    expect(registerSchema.parse({ ...modal, marketingEmails: false })).toEqual({
      username: "reefdiver",
      firstName: "reefdiver",
      lastName: "",
      email: "reef@example.com",
      password: "Sunny-Beach9",
      accountType: "personal",
      marketingEmails: false,
    });
  });

  it("still asks for both names, with the spec's messages, when no username is given", () => {
    expect(fieldErrors({ ...page, firstName: "", lastName: " " })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
    });
    const { firstName: _, lastName: __, ...nameless } = page;
    expect(fieldErrors({ ...nameless, email: "nope" })).toEqual({
      email: "Please enter a valid email address",
      firstName: "First name is required",
      lastName: "Last name is required",
    });
  });

  it("refuses a username that breaks the rule", () => {
    expect(fieldErrors({ ...modal, username: "a" })).toEqual({
      username: "Username must be 3-30 characters: letters, numbers, dots, dashes or underscores",
    });
    expect(fieldErrors({ ...modal, username: "  " })).toEqual({
      username: "Username is required",
    });
  });
});

describe("the two forms' own schemas", () => {
  it("the page's requires names, the modal's a username", () => {
    expect(pageRegisterSchema.safeParse(modal).success).toBe(false);
    expect(pageRegisterSchema.safeParse(page).success).toBe(true);
    expect(modalRegisterSchema.safeParse(page).success).toBe(false);
    expect(modalRegisterSchema.parse(modal).username).toBe("reefdiver");
  });
});
