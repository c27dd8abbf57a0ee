import { Sidebar, useTranslate, type SidebarProps } from "react-admin";

/**
 * react-admin's sidebar, named: on a phone it is a drawer (a dialog), and a dialog needs a name
 * for a screen reader to say what opened.
 */
export function ConsoleSidebar(props: SidebarProps) {
  const translate = useTranslate();
  return <Sidebar {...props} slotProps={{ paper: { "aria-label": translate("app.mainMenu") } }} />;
}
