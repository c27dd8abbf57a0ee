import { createContext, useContext } from "react";
import type { Screen } from "./screens";

/** The screen whose route is rendering, so a page can read its own title from the screens table. */
export const ScreenContext = createContext<Pick<Screen, "title" | "path"> | null>(null);

export const useScreen = () => useContext(ScreenContext);
