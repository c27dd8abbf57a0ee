import { useCallback, useEffect, useRef, useState } from "react";
import { useDataProvider, useNotify } from "react-admin";
import type { AiModel } from "../../api/ai";
import type { ConsoleDataProvider } from "../../dataProvider";
import {
  AI_ERROR_TOAST,
  browserClock,
  runAiJob,
  triggerBody,
  type AiJobError,
  type AiJobProgress,
  type AiTransport,
} from "./aiJob";
import { toDrawnPolygons, type DrawnPolygon } from "./polygons";

export type AiOverlayState =
  | { status: "off" }
  | { status: "running"; progress: AiJobProgress }
  | { status: "completed"; polygons: DrawnPolygon[]; isGeneratedWithLatestVersion: boolean }
  | { status: "failed"; error: AiJobError };

export interface UseAiJobOptions {
  testId: string;
  group: number;
  /** The test's device type code, sent with a trigger (spec §7). */
  deviceType: number | null | undefined;
  publicView: boolean;
}

/**
 * One test run's AI job, for its switch: on runs the rules of aiJob.ts, off (or unmounting)
 * aborts them and clears the polygons, regenerate starts a new job. Failures become toasts.
 */
export function useAiJob({ testId, group, deviceType, publicView }: UseAiJobOptions) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [state, setState] = useState<AiOverlayState>({ status: "off" });
  const controller = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  // Unmounting (leaving the page) stops polling.
  useEffect(() => stop, [stop]);

  const run = useCallback(
    // The model is an argument, not a closure value: a new choice applies to the run it starts.
    async (mode: "start" | "regenerate", model: AiModel) => {
      stop();
      const current = new AbortController();
      controller.current = current;
      const { signal } = current;
      const options = { publicView, signal };
      const transport: AiTransport = {
        getResult: () => dataProvider.getAiResult(testId, group, model, options),
        trigger: (payload) => dataProvider.triggerAi(testId, group, payload, options),
        getJobStatus: (jobId) => dataProvider.getAiJobStatus(jobId, options),
      };
      setState({ status: "running", progress: { phase: mode === "start" ? "fetching" : "triggering" } });
      const outcome = await runAiJob({
        mode,
        body: triggerBody(model, deviceType),
        transport,
        clock: browserClock,
        signal,
        onProgress: (progress) => {
          if (!signal.aborted) setState({ status: "running", progress });
        },
      });
      // A run that was switched off or replaced must not write over what came after it.
      if (signal.aborted || outcome.status === "cancelled") return;
      controller.current = null;
      if (outcome.status === "completed") {
        setState({
          status: "completed",
          polygons: toDrawnPolygons(outcome.polygons),
          isGeneratedWithLatestVersion: outcome.isGeneratedWithLatestVersion,
        });
      } else {
        setState({ status: "failed", error: outcome.error });
        notify(AI_ERROR_TOAST[outcome.error], { type: "error" });
      }
    },
    [dataProvider, deviceType, group, notify, publicView, stop, testId],
  );

  const switchOff = useCallback(() => {
    stop();
    setState({ status: "off" });
  }, [stop]);

  return {
    state,
    switchOn: (model: AiModel) => void run("start", model),
    switchOff,
    regenerate: (model: AiModel) => void run("regenerate", model),
  };
}
