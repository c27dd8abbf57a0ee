/**
 * The dataProvider whose code comes with the console's (issue 13): calls made before the code is in
 * wait for it, the code is fetched once, a failed fetch is tried again, and once it is in the real
 * provider answers directly.
 */
import { describe, expect, it, vi } from "vitest";
import type { ConsoleDataProvider } from "../../src/dataProvider";
import { deferredDataProvider } from "../../src/dataProvider/deferredDataProvider";

function realProvider() {
  return {
    getList: vi.fn(async () => ({ data: [{ id: "a" }], total: 1 })),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: { id } })),
    supportAbortSignal: true,
  } as unknown as ConsoleDataProvider;
}

describe("deferredDataProvider", () => {
  it("answers calls made before its code is in, fetching the code once", async () => {
    const real = realProvider();
    let arrive!: (provider: ConsoleDataProvider) => void;
    const load = vi.fn(() => new Promise<ConsoleDataProvider>((resolve) => (arrive = resolve)));
    const provider = deferredDataProvider(load);
    expect(load).not.toHaveBeenCalled();

    const list = provider.getList("accounts", { pagination: { page: 1, perPage: 25 } });
    const one = provider.getOne("accounts", { id: "x" });
    arrive(real);
    await expect(list).resolves.toEqual({ data: [{ id: "a" }], total: 1 });
    await expect(one).resolves.toEqual({ data: { id: "x" } });
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.getOne).toHaveBeenCalledWith("accounts", { id: "x" });

    // Once in, the real provider's own methods, without a hop.
    expect(provider.getList).toBe(real.getList);
    expect(provider.supportAbortSignal).toBe(true);
  });

  it("is not a promise: awaiting it does not wait for, nor fetch, its code", async () => {
    const load = vi.fn(() => new Promise<ConsoleDataProvider>(() => {}));
    const provider = deferredDataProvider(load);
    await expect(Promise.resolve(provider)).resolves.toBe(provider);
    expect(provider.supportAbortSignal).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it("fetches its code again after a failed fetch", async () => {
    const real = realProvider();
    const load = vi
      .fn<() => Promise<ConsoleDataProvider>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(real);
    const provider = deferredDataProvider(load);
    await expect(provider.getList("accounts", {})).rejects.toThrow("Failed to fetch");
    await expect(provider.getList("accounts", {})).resolves.toEqual({ data: [{ id: "a" }], total: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
