import { Alert, Box, Button, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from "@mui/material";
import UnsubscribeIcon from "@mui/icons-material/UnsubscribeOutlined";
import DoneIcon from "@mui/icons-material/CheckCircleOutline";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { UNSUBSCRIBE_LINK_NOT_VALID, type DeviceUnsubscribe } from "../../api/deviceUnsubscribe";
import { deviceTypeName } from "../../api/tests";
import type { ConsoleDataProvider } from "../../dataProvider";
import { errorMessage } from "../errorMessage";
import { PageLoader } from "../status/PageLoader";

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
  const name = device ? device.customBoxName || device.serialNumber : "";
  const failure = token === "" ? UNSUBSCRIBE_LINK_NOT_VALID : link.error ? errorMessage(link.error) : null;

  return (
    <Box sx={{ display: "flex", justifyContent: "center", pt: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: "100%", maxWidth: 480 }}>
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={1.5} alignItems="center">
            <UnsubscribeIcon color="primary" />
            <Typography variant="h5" component="h1">
              {translate("deviceUnsubscribe.title")}
            </Typography>
          </Stack>
          {failure && (
            <Stack spacing={2}>
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
              <MuiLink component={Link} to="/login" variant="body2">
                {translate("deviceUnsubscribe.goToLogin")}
              </MuiLink>
            </Stack>
          )}
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
                  {confirm.error && (
                    <Alert severity="error" role="alert">
                      {errorMessage(confirm.error)}
                    </Alert>
                  )}
                  <Button
                    variant="contained"
                    size="large"
                    disabled={confirm.isPending}
                    startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
                    onClick={() => confirm.mutate()}
                  >
                    {translate("deviceUnsubscribe.confirm")}
                  </Button>
                </Stack>
              )}
              <Typography variant="body2" color="text.secondary">
                {translate("deviceUnsubscribe.note")}
              </Typography>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
