import { useTranslate } from "react-admin";
import { useCurrentUser } from "../authProvider/useCurrentUser";
import { useSubscriptionStatus } from "../custom/status/SubscriptionGate";
import { isReadOnlyDuringGrace } from "../custom/startup/subscription";
import { refusedDuringGrace, type GraceWrite } from "./graceWrites";

/** Whether the signed-in user's account is in its grace period (read-only; super admins never are). */
export function useReadOnlyDuringGrace(): boolean {
  const user = useCurrentUser();
  const { data } = useSubscriptionStatus();
  return isReadOnlyDuringGrace({
    status: data?.status,
    readOnlyUntil: data?.readOnlyUntil,
    role: user?.role ?? null,
    signedIn: user !== undefined,
  });
}

/**
 * Why this write is not offered (the grace period refuses it: one short sentence, shown where the
 * Save or the action would be), or null when it is. The grace banner says the rest.
 */
export function useGraceRefusal(write: GraceWrite): string | null {
  const translate = useTranslate();
  const readOnly = useReadOnlyDuringGrace();
  return readOnly && refusedDuringGrace(write) ? translate("resources.shared.readOnlyGrace") : null;
}
