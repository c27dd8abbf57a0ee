import type { ResourceProps } from "react-admin";

/** What a resource folder's index.ts exports: spread into `<Resource name=… {...config}>`. */
export type ResourceConfig = Omit<ResourceProps, "name">;
