import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { fieldErrorsOfRequest } from "./validators";

/**
 * A guest request answered with "Check your email" (register, forgot password): the mutation; the
 * address the email went to, once sent (null while the form shows); `send`, the form's submit;
 * `again`, back to the form to send it again.
 */
export function useEmailedRequest<T>(mutationFn: (body: T) => Promise<unknown>) {
  const request = useMutation({ mutationFn });
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** Sends `body`; once it went through, the email went to `email`. Resolves with the refused fields, if any. */
  const send = (body: T, email: string) => fieldErrorsOfRequest(request.mutateAsync(body).then(() => setSentTo(email)));
  const again = () => {
    request.reset();
    setSentTo(null);
  };
  return { request, sentTo, send, again };
}
