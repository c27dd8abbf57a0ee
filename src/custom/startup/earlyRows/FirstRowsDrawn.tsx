import { useEffect } from "react";
import { useListContext } from "react-admin";
import { markFirstRowsDrawn } from "../firstRows";
import { endEarlyRows } from "./index";
import { rememberFrameWhenIdle } from "./remember";

/**
 * Tells start-up the first page is done once its rows are in (the menu's code loads after them),
 * takes the early rows away (they stood in for these), and remembers where this list drew its rows
 * for the next cold visit's early rows, once the browser has drawn them and is idle.
 */
export function FirstRowsDrawn() {
  const { isPending, data, resource } = useListContext();
  useEffect(() => {
    if (isPending) return;
    markFirstRowsDrawn();
    endEarlyRows();
    return rememberFrameWhenIdle(document, { path: window.location.pathname, resource, records: data ?? [] });
  }, [isPending, data, resource]);
  return null;
}
