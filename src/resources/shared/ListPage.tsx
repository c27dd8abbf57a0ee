import { useEffect, type ReactNode } from "react";
import { Box } from "@mui/material";
import { ColumnsButton, List, TopToolbar, useListContext, useTranslate, type ListProps } from "react-admin";
import { markFirstRowsDrawn } from "../../custom/startup/routeCode";
import { useListPerPage } from "../../custom/userSettings/preferences";
import { PageHeader } from "./PageHeader";

interface ListPageProps extends Omit<ListProps, "title"> {
  /** i18n key of the page heading; false when the page draws its own. */
  title: string | false;
  subtitle?: ReactNode;
  /** Buttons in the page header (Create, Invite, Recover Accounts…). */
  headerActions?: ReactNode;
  /** Between the heading and the list (tabs). */
  beforeList?: ReactNode;
}

/** Tells start-up the first page is done once its rows are in (the menu's code loads after them). */
function FirstRowsDrawn() {
  const { isPending } = useListContext();
  useEffect(() => {
    if (!isPending) markFirstRowsDrawn();
  }, [isPending]);
  return null;
}

/**
 * A list screen's frame: the page heading, then react-admin's List at the user's page size (User
 * Settings' rows per page) with the column chooser in its toolbar unless `actions` says otherwise.
 */
export function ListPage({ title, subtitle, headerActions, beforeList, children, ...listProps }: ListPageProps) {
  const translate = useTranslate();
  const perPage = useListPerPage();
  return (
    <Box sx={{ py: 2 }}>
      {title !== false && <PageHeader title={translate(title)} subtitle={subtitle} actions={headerActions} />}
      {beforeList}
      <List
        title={false}
        perPage={perPage}
        actions={
          <TopToolbar>
            <ColumnsButton />
          </TopToolbar>
        }
        {...listProps}
      >
        {children}
        <FirstRowsDrawn />
      </List>
    </Box>
  );
}
