import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { AdminContext, ListContextProvider, type ListControllerResult } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { en } from "../../src/i18n/en";
import { OptionsFacet } from "../../src/resources/shared/facets";
import { deviceTypeName } from "../../src/api/tests";

const i18nProvider = polyglotI18nProvider(() => en, "en", { allowMissing: true });
const list = { filterValues: {}, setFilters: () => undefined, displayedFilters: {} } as unknown as ListControllerResult;

describe("option facets", () => {
  it("shows plain-text labels (device type names) and translated keys (roles) as labels, not the raw values", () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ListContextProvider value={list}>
          <OptionsFacet
            label="Type"
            source="typeCode"
            options={[5001, 4100]}
            optionLabel={(code) => deviceTypeName(Number(code))}
          />
          <OptionsFacet
            label="Role"
            source="role"
            options={["Admin"]}
            optionLabel={(role) => `roles.${String(role)}`}
          />
        </ListContextProvider>
      </AdminContext>,
    );
    expect(screen.getByText("Dr. Watson")).toBeInTheDocument();
    expect(screen.getByText("Sherlock Holmes 4.0")).toBeInTheDocument();
    expect(screen.getByText("Admin")).toBeInTheDocument();
    expect(screen.queryByText("5001")).not.toBeInTheDocument();
  });
});
