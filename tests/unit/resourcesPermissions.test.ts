import { describe, expect, it } from "vitest";
import { AI_STALE_JOB_MS } from "../../src/api/ai";
import * as rules from "../../src/api/rules";
import type { Role } from "../../src/api/types";
import { CONTRACT, LIMITS } from "../fixtures/contract";
import {
  assignableRoles,
  canAddBusiness,
  canBookmark,
  canCancelSubscription,
  canChangeRole,
  canDisableUser,
  canEditBusiness,
  canEditOwnAccount,
  canInvite,
  canManageRecords,
  canMarkLost,
  canRefund,
  canRenameDevice,
  canResumeSubscription,
  canSaveQueries,
  editableUserFields,
  type Actor,
} from "../../src/resources/shared/permissions";

const actor = (role: Role, accountId = "acc-1", id = `me-${role}`): Actor => ({ id, role, accountId });
const SA = actor("SuperAdmin", "acc-0");
const ADMIN = actor("Admin");
const MANAGER = actor("Manager");
const USER = actor("User");

describe("the limits the console checks are the service's (tests/fixtures/contract.ts)", () => {
  it("has each limit of src/api/rules.ts at the contract's value", () => {
    expect({
      testNameMin: rules.TEST_NAME_MIN_LENGTH,
      customBoxNameMax: rules.CUSTOM_BOX_NAME_MAX_LENGTH,
      personNameMax: rules.PERSON_NAME_MAX_LENGTH,
      recordNameMax: rules.RECORD_NAME_MAX_LENGTH,
      addressMax: rules.ADDRESS_MAX_LENGTH,
      cityMax: rules.CITY_MAX_LENGTH,
      phoneMax: rules.PHONE_MAX_LENGTH,
      serialNumberMax: rules.SERIAL_NUMBER_MAX_LENGTH,
      discountDescriptionMax: rules.DISCOUNT_DESCRIPTION_MAX_LENGTH,
      passwordMin: rules.PASSWORD_MIN_LENGTH,
      passwordMax: rules.PASSWORD_MAX_LENGTH,
      aiStaleJobMs: AI_STALE_JOB_MS,
    }).toEqual(LIMITS);
    expect(rules.COUNTRY_CODE_PATTERN.test("GB")).toBe(true);
    expect(["gb", "GBR", "G"].some((code) => rules.COUNTRY_CODE_PATTERN.test(code))).toBe(false);
  });

  it("writes the Content-Range of a page, and of an empty one as the service does", () => {
    expect(rules.contentRange("tests", 10, 10, 42)).toBe("tests 10-19/42");
    expect(rules.contentRange("tests", 0, 0, 0)).toBe(CONTRACT.lists.emptyGallery.headers["Content-Range"]);
  });
});

describe("resource actions by role (spec §2, §6 and its change log)", () => {
  it("leaves record management, saved filters and bookmarks to super admins", () => {
    expect([SA, ADMIN, MANAGER, USER].map(canManageRecords)).toEqual([true, false, false, false]);
    expect([SA, ADMIN, MANAGER, USER].map(canSaveQueries)).toEqual([true, false, false, false]);
    expect([SA, ADMIN, MANAGER, USER].map(canBookmark)).toEqual([true, false, false, false]);
  });

  it("lets admins change roles in their own account, never their own nor a super admin's", () => {
    const colleague = { id: "u2", accountId: "acc-1", role: "User" as Role };
    expect(canChangeRole(ADMIN, colleague)).toBe(true);
    expect(canChangeRole(ADMIN, { ...colleague, accountId: "acc-2" })).toBe(false);
    expect(canChangeRole(ADMIN, { ...colleague, role: "SuperAdmin" })).toBe(false);
    expect(canChangeRole(ADMIN, { ...colleague, id: ADMIN.id })).toBe(false);
    expect(canChangeRole(SA, { ...colleague, accountId: "acc-9" })).toBe(true);
    expect(canChangeRole(SA, { ...colleague, id: SA.id })).toBe(false);
    expect(canChangeRole(MANAGER, colleague)).toBe(false);
    expect(canDisableUser(USER, colleague)).toBe(false);
    expect(assignableRoles(ADMIN)).toEqual(["Admin", "Manager", "User"]);
    expect(assignableRoles(SA)).toContain("SuperAdmin");
    expect(assignableRoles(MANAGER)).toEqual([]);
  });

  it("lets super admins and admins invite", () => {
    expect([SA, ADMIN, MANAGER, USER].map(canInvite)).toEqual([true, true, false, false]);
  });

  it("gives each role its editable user fields", () => {
    const colleague = { id: "u2", accountId: "acc-1" };
    expect(editableUserFields(SA, colleague)).toEqual(["firstName", "lastName", "email", "accountId", "businessId"]);
    expect(editableUserFields(ADMIN, colleague)).toEqual(["firstName", "lastName", "businessId"]);
    expect(editableUserFields(ADMIN, { ...colleague, accountId: "acc-2" })).toEqual([]);
    expect(editableUserFields(USER, { id: USER.id, accountId: "acc-1" })).toEqual(["firstName", "lastName"]);
    expect(editableUserFields(MANAGER, colleague)).toEqual([]);
  });

  it("lets admins rename their boxes and mark them lost, once", () => {
    const device = { accountId: "acc-1", status: "active" as const };
    expect(canRenameDevice(ADMIN, device)).toBe(true);
    expect(canRenameDevice(MANAGER, device)).toBe(false);
    expect(canRenameDevice(ADMIN, { accountId: "acc-2" })).toBe(false);
    expect(canMarkLost(ADMIN, device)).toBe(true);
    expect(canMarkLost(ADMIN, { ...device, status: "lost" })).toBe(false);
    expect(canMarkLost(SA, { ...device, accountId: "acc-7" })).toBe(true);
  });

  it("lets super admins refund what is left of a settled payment", () => {
    const payment = { status: "succeeded" as const, amount: 1000, refundedAmount: 0 };
    expect(canRefund(SA, payment)).toBe(true);
    expect(canRefund(ADMIN, payment)).toBe(false);
    expect(canRefund(SA, { ...payment, refundedAmount: 1000 })).toBe(false);
    expect(canRefund(SA, { ...payment, status: "failed" })).toBe(false);
    expect(canRefund(SA, { ...payment, status: "disputed" })).toBe(true);
  });

  it("lets admins and super admins cancel at period end, and undo it", () => {
    const subscription = { accountId: "acc-1", status: "active" as const, cancelAtPeriodEnd: false };
    expect(canCancelSubscription(ADMIN, subscription)).toBe(true);
    expect(canCancelSubscription(MANAGER, subscription)).toBe(false);
    expect(canCancelSubscription(ADMIN, { ...subscription, accountId: "acc-2" })).toBe(false);
    expect(canCancelSubscription(SA, { ...subscription, status: "canceled" })).toBe(false);
    expect(canCancelSubscription(SA, { ...subscription, cancelAtPeriodEnd: true })).toBe(false);
    expect(canResumeSubscription(ADMIN, { ...subscription, cancelAtPeriodEnd: true })).toBe(true);
    expect(canResumeSubscription(ADMIN, subscription)).toBe(false);
    expect(canResumeSubscription(MANAGER, { ...subscription, cancelAtPeriodEnd: true })).toBe(false);
  });

  it("cancels and resumes only a running subscription (active or past due), resuming before its period end", () => {
    const canceling = { accountId: "acc-1", cancelAtPeriodEnd: true };
    const running = { accountId: "acc-1", cancelAtPeriodEnd: false };
    for (const status of ["active", "past_due"] as const) {
      expect(canCancelSubscription(SA, { ...running, status }), status).toBe(true);
      expect(canResumeSubscription(SA, { ...canceling, status }), status).toBe(true);
    }
    for (const status of ["canceled", "inactive"] as const) {
      expect(canCancelSubscription(SA, { ...running, status }), status).toBe(false);
      expect(canResumeSubscription(SA, { ...canceling, status }), status).toBe(false);
    }
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const withEnd = (currentPeriodEnd: string) => ({ ...canceling, status: "active" as const, currentPeriodEnd });
    expect(canResumeSubscription(SA, withEnd(ahead))).toBe(true);
    expect(canResumeSubscription(SA, withEnd(past))).toBe(false);
    // A past-due subscription whose period is over is not canceled "at period end": that is at once.
    const pastDue = (currentPeriodEnd: string) => ({ ...running, status: "past_due" as const, currentPeriodEnd });
    expect(canCancelSubscription(SA, pastDue(ahead))).toBe(true);
    expect(canCancelSubscription(SA, pastDue(past))).toBe(false);
  });

  it("cancels at period end while the period end is still ahead", () => {
    const end = "2026-05-01T00:00:00.000Z";
    const running = { status: "past_due" as const, cancelAtPeriodEnd: false, currentPeriodEnd: end };
    expect(rules.mayCancelSubscription(running, Date.parse(end) - 1)).toBe(true);
    expect(rules.mayCancelSubscription(running, Date.parse(end))).toBe(false);
  });

  it("resumes while the period end is still ahead: at the period end itself it is too late", () => {
    const end = "2026-05-01T00:00:00.000Z";
    const canceling = { status: "active" as const, cancelAtPeriodEnd: true, currentPeriodEnd: end };
    expect(rules.mayResumeSubscription(canceling, Date.parse(end) - 1)).toBe(true);
    expect(rules.mayResumeSubscription(canceling, Date.parse(end))).toBe(false);
  });

  it("lets the account owner edit their account, and admins their businesses", () => {
    expect(canEditOwnAccount(ADMIN, { id: "acc-1", ownerId: ADMIN.id })).toBe(true);
    expect(canEditOwnAccount(MANAGER, { id: "acc-1", ownerId: ADMIN.id })).toBe(false);
    expect(canEditOwnAccount(USER, { id: "acc-1", ownerId: USER.id })).toBe(true);
    expect(canEditOwnAccount(USER, { id: "acc-2", ownerId: USER.id })).toBe(false);
    expect(canAddBusiness(ADMIN, "acc-1")).toBe(true);
    expect(canAddBusiness(MANAGER, "acc-1")).toBe(false);
    expect(canEditBusiness(ADMIN, { accountId: "acc-2" })).toBe(false);
    expect(canEditBusiness(SA, { accountId: "acc-2" })).toBe(true);
  });
});
