/**
 * The two empty states of an operations list, worded per resource in en.ts
 * (`resources.<name>.empty.title|body|filtered`): nothing at all yet (what the page is for), and
 * nothing matching the filters — said only when a filter is set.
 */
import type { ComponentType, ReactNode } from "react";
import { Card, CardContent, Stack, Typography, type SvgIconProps } from "@mui/material";
import { useListContext, useTranslate } from "react-admin";
import { hasFilters } from "./emptyState";

export function ListEmpty({
  resource,
  Icon,
  iconColor = "disabled",
  children,
}: {
  resource: string;
  Icon: ComponentType<SvgIconProps>;
  iconColor?: SvgIconProps["color"];
  /** Anything the page adds under the explanation (the Activity Feed's new-entries chip). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: 1 }}>
      <CardContent>
        <Stack alignItems="center" spacing={1} sx={{ py: 6, color: "text.secondary", textAlign: "center" }}>
          <Icon sx={{ fontSize: 48 }} color={iconColor} />
          <Typography variant="h6" component="p" color="text.primary">
            {translate(`resources.${resource}.empty.title`)}
          </Typography>
          <Typography sx={{ maxWidth: 520 }}>{translate(`resources.${resource}.empty.body`)}</Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The table's own empty state: blames the filters when one is set, else says there is nothing yet. */
export function ListNoMatch({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const key = hasFilters(filterValues) ? "filtered" : "title";
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
      {translate(`resources.${resource}.empty.${key}`)}
    </Typography>
  );
}
