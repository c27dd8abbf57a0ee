import type { TestProject } from "vitest/node";
import { startService } from "../support/serviceProcess";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const service = await startService();
  project.provide("baseUrl", service.url);
  return service.stop;
}
