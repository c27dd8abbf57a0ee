import { useActor } from "../shared/useActor";
import { AccountDetail } from "./AccountShow";

/** /account (user, admin, manager): the signed-in user's own account. */
export default function MyAccountPage() {
  const actor = useActor();
  return <AccountDetail accountId={actor.accountId} own />;
}
