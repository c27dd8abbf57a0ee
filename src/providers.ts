import { rolesForResource } from "./access/screens";
import { createAuthProvider } from "./authProvider/authProvider";

/** The one authProvider of the console, shared by the light sign-in page and react-admin. */
export const authProvider = createAuthProvider({ rolesFor: rolesForResource });
