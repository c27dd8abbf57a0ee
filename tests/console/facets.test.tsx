import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { ListContextProvider, type ListControllerResult } from "react-admin";
import { ContractFacets } from "../../src/resources/shared/contractFacets";
import { OptionsFacet } from "../../src/resources/shared/facets";
import { deviceTypeName } from "../../src/api/tests";
import { renderInAdmin } from "./harness/renderInAdmin";

const list = { filterValues: {}, setFilters: () => undefined, displayedFilters: {} } as unknown as ListControllerResult;

describe("option facets", () => {
  it("shows plain-text labels (device type names) and translated keys (roles) as labels, not the raw values", () => {
    renderInAdmin(
      <ListContextProvider value={list}>
        <OptionsFacet
          label="Type"
          source="typeCode"
          options={[5001, 4100]}
          optionLabel={(code) => deviceTypeName(Number(code))}
        />
        <OptionsFacet label="Role" source="role" options={["Admin"]} optionLabel={(role) => `roles.${String(role)}`} />
      </ListContextProvider>,
    );
    expect(screen.getByText("Dr. Watson")).toBeInTheDocument();
    expect(screen.getByText("Sherlock Holmes 4.0")).toBeInTheDocument();
    expect(screen.getByText("Admin")).toBeInTheDocument();
    expect(screen.queryByText("5001")).not.toBeInTheDocument();
  });
});

describe("a list's facets, from its resource's contract", () => {
  /** The facets' titles (react-admin's FilterList draws each as an overline). */
  const headings = () => [...document.querySelectorAll(".MuiTypography-overline")].map((title) => title.textContent);

  it("offers each declared filter of a few values, yes or no, or dates, in order, labelled as its column", () => {
    renderInAdmin(
      <ListContextProvider value={list}>
        <ContractFacets resource="users" />
      </ListContextProvider>,
    );
    // users: role, status, accountId, businessId, lastSignInAt: the two ids have no facet.
    expect(headings()).toEqual(["Role", "Status", "Last sign-in"]);
    // Each value in the words its field declares: roles.SuperAdmin, the status chip's words.
    expect(screen.getByText("Super Admin")).toBeInTheDocument();
    expect(screen.getByText("Disabled")).toBeInTheDocument();
    expect(screen.getByText("Last 7 days")).toBeInTheDocument();
  });

  it("puts a list's own facet in its filter's place, and a yes-or-no field as Yes and No", () => {
    renderInAdmin(
      <ListContextProvider value={list}>
        <ContractFacets resource="subscriptions" own={{ status: <p>own status facet</p> }} />
      </ListContextProvider>,
    );
    expect(screen.getByText("own status facet")).toBeInTheDocument();
    expect(headings()).toEqual(["Cancels at period end"]);
    expect(screen.getByText("Yes")).toBeInTheDocument();
    expect(screen.getByText("No")).toBeInTheDocument();
  });
});
