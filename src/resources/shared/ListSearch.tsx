import { SearchInput, useTranslate } from "react-admin";

/**
 * An operations list's search box (the service's lists search by `q`), its placeholder worded per
 * resource in en.ts (`resources.<name>.search`): SearchInput shows its placeholder as given, so it
 * is translated here.
 */
export function useListSearch(resource: string, minWidth?: number) {
  const translate = useTranslate();
  return (
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate(`resources.${resource}.search`)}
      sx={minWidth === undefined ? undefined : { minWidth }}
    />
  );
}
