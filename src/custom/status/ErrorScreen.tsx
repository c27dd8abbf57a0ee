import { useState } from "react";
import { Box, Button, Collapse } from "@mui/material";
import ErrorIcon from "@mui/icons-material/ReportProblemOutlined";
import { StatusPage } from "./StatusPage";
import { startMessages } from "../../i18n/startMessages";

interface ErrorScreenProps {
  error?: Error;
  fullHeight?: boolean;
}

const texts = startMessages.errorScreen;

/**
 * Spec §2: any render error shows this screen. It may render outside react-admin's providers (the
 * top-level boundary), so it reads its texts directly rather than through useTranslate, and
 * navigates with plain links rather than the router.
 */
export function ErrorScreen({ error, fullHeight }: ErrorScreenProps) {
  const [showDetails, setShowDetails] = useState(false);
  return (
    <StatusPage
      fullHeight={fullHeight}
      icon={<ErrorIcon color="error" sx={{ fontSize: 56 }} />}
      title={texts.title}
      subtitle={texts.subtitle}
      body={
        <>
          {texts.body}
          <Collapse in={showDetails}>
            <Box
              component="pre"
              data-testid="error-details"
              sx={{
                mt: 2,
                p: 1.5,
                bgcolor: "grey.100",
                borderRadius: 1,
                textAlign: "left",
                whiteSpace: "pre-wrap",
                fontSize: 13,
              }}
            >
              {error?.message || String(error ?? "")}
            </Box>
          </Collapse>
        </>
      }
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {texts.tryAgain}
          </Button>
          <Button variant="outlined" onClick={() => setShowDetails((shown) => !shown)}>
            {showDetails ? texts.hideDetails : texts.showDetails}
          </Button>
          <Button variant="text" href="/">
            {texts.home}
          </Button>
        </>
      }
    />
  );
}
