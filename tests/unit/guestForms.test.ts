/** The guest forms' checks and values (Register, Forgot password): the service's rules, before sending. */
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, isCountryCode } from "../../src/api/countries";
import { validateInvitation } from "../../src/custom/invitation/invitationForm";
import { countryChoices, likelyCountry } from "../../src/resources/shared/countryChoices";
import { toRegisterRequest } from "../../src/custom/register/registerRequest";
import {
  atMost,
  country,
  emailAddress,
  filled,
  newPassword,
  optionalPhone,
  refusalOf,
  samePassword,
} from "../../src/custom/guestForms/validators";
import { EMAIL_FORMAT } from "../../src/api/rules";
import { fullFormats } from "ajv-formats/dist/formats";
import { LIMITS } from "../fixtures/contract";

describe("guest form checks", () => {
  it("require something other than spaces, and bound the length", () => {
    expect(filled("k")("  ", {})).toBe("k");
    expect(filled("k")(" a ", {})).toBeUndefined();
    expect(atMost(3)(" abc ", {})).toBeUndefined();
    expect(atMost(3)("abcd", {})).toEqual({ message: "guestForm.tooLong", args: { max: 3 } });
  });

  it("check an email as the service's schemas do (ajv-formats' email, 254 characters), in the form's words", () => {
    expect(emailAddress("", {})).toBe("guestForm.emailRequired");
    expect(emailAddress("ada@", {})).toBe("guestForm.emailInvalid");
    expect(emailAddress(" ada@example.com ", {})).toBeUndefined();
    // The outside review's addresses: taken by the old check, refused by the service.
    expect(emailAddress("🙂@example.com", {})).toBe("guestForm.emailInvalid");
    expect(emailAddress("üser@exämple.com", {})).toBe("guestForm.emailInvalid");
    const long = `${"a".repeat(250)}@example.com`;
    expect(emailAddress(long, {})).toEqual({ message: "guestForm.tooLong", args: { max: 254 } });
    // The very pattern the service's ajv checks `format: "email"` with.
    expect(EMAIL_FORMAT).toEqual(fullFormats.email as RegExp);
  });

  it("hold a new password to the shared rule and compare the confirmation", () => {
    expect(newPassword("", {})).toBe("guestForm.passwordRequired");
    expect(newPassword("x".repeat(LIMITS.passwordMin - 1), {})).toEqual({
      message: "guestForm.passwordTooShort",
      args: { min: LIMITS.passwordMin },
    });
    expect(newPassword("x".repeat(LIMITS.passwordMin), {})).toBeUndefined();
    expect(newPassword(" ".repeat(LIMITS.passwordMin), {})).toBe("guestForm.passwordBlank");
    expect(newPassword(" pass phrase ", {})).toBeUndefined();
    expect(newPassword("x".repeat(257), {})).toMatchObject({ message: "guestForm.tooLong" });
    expect(samePassword("", { password: "a" })).toBe("guestForm.confirmRequired");
    expect(samePassword("b", { password: "a" })).toBe("guestForm.passwordMismatch");
    expect(samePassword("a", { password: "a" })).toBeUndefined();
  });

  it("take only a listed country and an optional phone of the service's characters", () => {
    expect(country("GB", {})).toBeUndefined();
    expect(country("XX", {})).toBe("guestForm.countryRequired");
    expect(country(null, {})).toBe("guestForm.countryRequired");
    expect(optionalPhone(undefined, {})).toBeUndefined();
    expect(optionalPhone("+44 (20) 7946-0000", {})).toBeUndefined();
    expect(optionalPhone("call me", {})).toBe("guestForm.phoneInvalid");
    expect(optionalPhone("1".repeat(LIMITS.phoneMax + 1), {})).toMatchObject({ message: "guestForm.tooLong" });
  });

  it("show a refusal's message above the form only when it names no field", () => {
    expect(refusalOf({ message: "country: x", body: { message: "country: x", errors: { country: "x" } } })).toBeNull();
    expect(refusalOf({ message: "Too many", body: { message: "Too many" } })).toBe("Too many");
    expect(refusalOf(new Error("network"))).toBe("network");
    expect(refusalOf(null)).toBeNull();
  });
});

describe("registration values", () => {
  it("are sent trimmed, without an empty phone", () => {
    expect(
      toRegisterRequest({
        firstName: " Ada ",
        lastName: "Lovelace ",
        email: " ada@example.com ",
        password: " spaces kept ",
        confirmPassword: " spaces kept ",
        accountName: " Lovelace Gems",
        country: "GB",
        phone: "  ",
      }),
    ).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      password: " spaces kept ",
      accountName: "Lovelace Gems",
      country: "GB",
    });
    expect(toRegisterRequest({ phone: " +44 20 " }).phone).toBe("+44 20");
  });

  it("offer every country by name, in name order, guessing the browser's", () => {
    const choices = countryChoices();
    expect(choices).toHaveLength(COUNTRY_CODES.length);
    expect(choices.find((choice) => choice.id === "GB")?.name).toBe("United Kingdom");
    const names = choices.map((choice) => choice.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(likelyCountry(["en-GB", "en"])).toBe("GB");
    expect(likelyCountry(["fr", "de-at"])).toBe("AT");
    expect(likelyCountry(["en", "es-419"])).toBe("");
    expect(isCountryCode("UK")).toBe(false);
  });
});

describe("accepting an invitation", () => {
  it("refuses a password of spaces only, as the service does", () => {
    const values = { firstName: "Ada", lastName: "Lovelace", confirmPassword: "        " };
    expect(validateInvitation({ ...values, password: "        " }).password).toBe("invitation.passwordBlank");
    expect(validateInvitation({ ...values, password: " a b c d " }).password).toBeUndefined();
  });
});
