import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { ListContextProvider, type ListControllerResult } from "react-admin";
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
