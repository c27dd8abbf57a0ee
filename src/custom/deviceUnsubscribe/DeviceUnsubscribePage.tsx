import { Alert, Box, Stack, Typography } from "@mui/material";
import UnsubscribeIcon from "@mui/icons-material/UnsubscribeOutlined";
import DoneIcon from "@mui/icons-material/CheckCircleOutline";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import { useParams, useSearchParams } from "react-router-dom";
import { UNSUBSCRIBE_LINK_NOT_VALID, type DeviceUnsubscribe } from "../../api/deviceUnsubscribe";
import { deviceTypeName } from "../../api/tests";
import type { ConsoleDataProvider } from "../../dataProvider";
import { deviceName } from "../../resources/shared/deviceName";
import { errorMessage } from "../errorMessage";
import { deadLinkMessage } from "../guestForms/deadLink";
import { LINK_NOT_VALID } from "../../api/register";
import { PageLoader } from "../status/PageLoader";
import { BusyButton } from "../guestForms/BusyButton";
import { GuestCard } from "../guestForms/GuestCard";
import { Refusal } from "../guestForms/Refusal";
import { RefusedLink } from "../guestForms/RefusedLink";

/**
 * /devices/unsubscribe/:deviceId?token=… (spec §2, guests only): the link in a device's emails.
 * Says which device and account it is about, asks to confirm, and stops the owner's emails about
 * that device. Idempotent: a link used before says so, and confirming again changes nothing.
 */
export default function DeviceUnsubscribePage() {
  const translate = useTranslate();
  const { deviceId = "" } = useParams();
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ["device-unsubscribe", deviceId, token];
  const link = useQuery({
    queryKey,
    queryFn: () => dataProvider.getDeviceUnsubscribe(deviceId, token),
    // A link without a token is not a link: the service would refuse it as malformed.
    enabled: token !== "",
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: () => dataProvider.unsubscribeDevice(deviceId, token),
    onSuccess: (answer) => queryClient.setQueryData<DeviceUnsubscribe>(queryKey, answer),
  });

  const device = link.data;
  const name = device ? deviceName(device) : "";
  // A token cut or lengthened by a mail client is a tampered one: the service's words for those.
  // Reading the link sends the token alone: a 400 can only be about it.
  const linkWords = { field: "token", dead: LINK_NOT_VALID, deadStatuses: [400] };
  const failure =
    token === ""
      ? UNSUBSCRIBE_LINK_NOT_VALID
      : link.error
        ? (deadLinkMessage(link.error, linkWords) ?? errorMessage(link.error))
        : null;

  return (
    <GuestCard icon={<UnsubscribeIcon color="primary" />} title={translate("deviceUnsubscribe.title")} maxWidth={480}>
      {failure && <RefusedLink message={failure} />}
      {!failure && link.isPending && <PageLoader />}
      {device && (
        <>
          <Box
            component="dl"
            sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5 }}
          >
            <Typography component="dt" color="text.secondary">
              {translate("deviceUnsubscribe.device")}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }} data-testid="unsubscribe-device">
              {name}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {translate("deviceUnsubscribe.type")}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {deviceTypeName(device.typeCode)}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {translate("deviceUnsubscribe.serialNumber")}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
              {device.serialNumber}
            </Typography>
            <Typography component="dt" color="text.secondary">
              {translate("deviceUnsubscribe.account")}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }} data-testid="unsubscribe-account">
              {device.accountName}
            </Typography>
          </Box>
          {device.unsubscribed ? (
            <Alert severity="success" icon={<DoneIcon />} role="status">
              {translate("deviceUnsubscribe.done", { name })}
            </Alert>
          ) : (
            <Stack spacing={2}>
              <Typography>{translate("deviceUnsubscribe.question", { name })}</Typography>
              <Refusal
                message={confirm.error && (deadLinkMessage(confirm.error, linkWords) ?? errorMessage(confirm.error))}
              />
              <BusyButton busy={confirm.isPending} onClick={() => confirm.mutate()}>
                {translate("deviceUnsubscribe.confirm")}
              </BusyButton>
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary">
            {translate("deviceUnsubscribe.note")}
          </Typography>
        </>
      )}
    </GuestCard>
  );
}
