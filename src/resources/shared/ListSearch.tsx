import { SearchInput, useTranslate } from "react-admin";

/**
 * An operations list's search box (the service's lists search by `q`), its placeholder worded per
 * resource in en.ts (`resources.<name>.search`): SearchInput shows its placeholder as given, so it
 * is translated here.
 */
export function useListSearch(resource: string) {
  const translate = useTranslate();
  const placeholder = translate(`resources.${resource}.search`);
  return (
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={placeholder}
      // As wide as its placeholder says (a "0" is wider than most letters), the icon beside it; never
      // wider than a phone's screen.
      sx={{ minWidth: `min(${placeholder.length}ch + 3.5rem, 100vw - 3rem)` }}
    />
  );
}
