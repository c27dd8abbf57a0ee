/**
 * A break before the evaluation of the file that imports it (build/chunkPlan.ts): this module is
 * a file of its own, and its top-level `await` gives the browser a turn (a paint, a click, a
 * network answer) before the importing file's modules run. Without it, React DOM, MUI, react-admin
 * and the lists' code were evaluated in one to three long tasks (issue 23).
 */
await new Promise<void>((resolve) => setTimeout(resolve, 0));
export {};
