import BuildIcon from "@mui/icons-material/BuildCircleOutlined";
import { StatusPage } from "./StatusPage";
import { startMessages } from "../../i18n/startMessages";

/** Spec §2, §4: shown at start-up when the health check answers portal NotOk. */
export function MaintenanceScreen({ message }: { message: string }) {
  return (
    <StatusPage
      fullHeight
      icon={<BuildIcon color="primary" sx={{ fontSize: 56 }} />}
      title={startMessages.maintenance.title}
      body={message || startMessages.maintenance.fallback}
    />
  );
}
