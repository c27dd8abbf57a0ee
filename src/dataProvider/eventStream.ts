/**
 * Reads a Server-Sent Events stream (text/event-stream) as the HTML standard's "event stream
 * interpretation" does, from a fetch body: EventSource itself cannot send the bearer every call
 * of spec §7 carries, so the console reads the stream over its own HTTP client.
 */

export interface StreamEvent {
  /** The stream's last event id when this event was dispatched (an `id:` field sets it). */
  id: string | undefined;
  /** `message` when the event names none. */
  event: string;
  data: string;
}

/**
 * Feeds text as it arrives (any split, even inside a line or a CRLF) and calls `onEvent` for each
 * complete event. Comments and events without data are not dispatched; unknown fields are ignored.
 */
export function eventStreamParser(onEvent: (event: StreamEvent) => void): (text: string) => void {
  let pending = "";
  /** The text so far ended with a CR: a LF starting the next text is the end of the same line. */
  let afterCr = false;
  let lastId: string | undefined;
  let type = "";
  let data: string[] = [];

  const readLine = (line: string) => {
    if (line === "") {
      if (data.length > 0) onEvent({ id: lastId, event: type || "message", data: data.join("\n") });
      type = "";
      data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") type = value;
    else if (field === "id" && !value.includes("\0")) lastId = value;
  };

  return (text) => {
    const rest = afterCr && text.startsWith("\n") ? text.slice(1) : text;
    if (text !== "") afterCr = text.endsWith("\r");
    pending += rest;
    // A line ends at CR, LF or CRLF.
    const lines = pending.split(/\r\n|\n|\r/);
    pending = lines.pop() ?? "";
    for (const line of lines) readLine(line);
  };
}

/** The events of a stream's body, as they arrive; ends with the body. */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  const ready: StreamEvent[] = [];
  const feed = eventStreamParser((event) => ready.push(event));
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      yield* ready.splice(0);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
