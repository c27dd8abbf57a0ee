import { Fragment, type ReactElement, type ReactNode } from "react";
import { CONTRACTS } from "../../api/contract";
import { facetsOf } from "../../api/contract/declare";
import { DateFacet, OptionsFacet, YesNoFacet } from "./facets";
import { ListAside } from "./ResourceList";
import { valueWordsKey } from "./status";

interface ContractFacetsProps {
  resource: string;
  /** A facet drawn the list's own way (a device type by its name), in its filter's place. */
  own?: { readonly [filter: string]: ReactNode };
  /** A facet's icon, where the list has one of its own. */
  icons?: { readonly [filter: string]: ReactElement };
}

/**
 * A list's facets from its resource's contract (src/api/contract/): each declared filter on a field
 * of a few values (its values, in the words its field declares), a yes-or-no field (Yes, No) or a
 * date (relative ranges), in the declared order, labelled as the field's column.
 */
export function ContractFacets({ resource, own = {}, icons = {} }: ContractFacetsProps) {
  const contract = CONTRACTS[resource]!;
  return (
    <>
      {facetsOf(contract).map(({ source, kind }) => {
        if (source in own) return <Fragment key={source}>{own[source]}</Fragment>;
        const label = `resources.${resource}.fields.${source}`;
        const field = contract.fields[source];
        switch (kind) {
          case "dates":
            return <DateFacet key={source} label={label} source={source} />;
          case "yesNo":
            return <YesNoFacet key={source} label={label} source={source} icon={icons[source]} />;
          case "values": {
            const labels = field?.labels;
            return (
              <OptionsFacet
                key={source}
                label={label}
                source={source}
                options={field?.values ?? []}
                optionLabel={labels === undefined ? undefined : (value) => valueWordsKey(labels, String(value))}
                icon={icons[source]}
              />
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
}

/** A list's filter sidebar (search, saved filters) with its contract's facets. */
export const ContractListAside = (props: ContractFacetsProps) => (
  <ListAside>
    <ContractFacets {...props} />
  </ListAside>
);
