/**
 * A user's Home: the tests they made lately, newest first, as gallery-like cards that open the
 * test; the gallery holds the rest (their account's tests).
 */
import { Box, Button, Card, CardActionArea, CardContent, Typography } from "@mui/material";
import TestsIcon from "@mui/icons-material/PhotoLibraryOutlined";
import { useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { DashboardTest } from "../../api/dashboard";
import { deviceTypeName } from "../../api/tests";
import { formatDateTime } from "../format";
import { TestCardPhoto } from "../photos/TestCardPhoto";
import { EmptyFigure, SectionCard } from "./DashboardCards";
import { dashboardLinks as links } from "./dashboardLinks";

export function LatestTests({ tests }: { tests: DashboardTest[] }) {
  const translate = useTranslate();
  const open = translate("home.latest.open");
  return (
    <SectionCard
      title={translate("home.latest.title")}
      subtitle={tests.length > 0 ? translate("home.latest.subtitle") : undefined}
      link={tests.length > 0 ? { to: links.gallery, label: open } : undefined}
    >
      {tests.length === 0 ? (
        <EmptyFigure
          icon={TestsIcon}
          title={translate("home.latest.empty")}
          hint={translate("home.latest.emptyHint")}
          action={
            <Button component={Link} to={links.gallery} variant="outlined" sx={{ mt: 1 }}>
              {open}
            </Button>
          }
        />
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 2,
            gridTemplateColumns: {
              xs: "repeat(2, minmax(0, 1fr))",
              sm: "repeat(3, minmax(0, 1fr))",
              lg: "repeat(6, minmax(0, 1fr))",
            },
          }}
        >
          {tests.map((test) => (
            <li key={test.id}>
              <TestCard test={test} />
            </li>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

function TestCard({ test }: { test: DashboardTest }) {
  const device = test.deviceName
    ? `${test.deviceName} · ${deviceTypeName(test.deviceType)}`
    : deviceTypeName(test.deviceType);
  return (
    <Card variant="outlined" component="article" aria-label={test.name} sx={{ height: "100%" }}>
      <CardActionArea component={Link} to={links.test(test.id)} sx={{ height: "100%" }}>
        <TestCardPhoto thumbnail={test.thumbnail} thumbnails={test.thumbnails} aspectRatio="4 / 3" />
        <CardContent sx={{ p: 1.25, "&:last-child": { pb: 1.25 } }}>
          <Typography variant="subtitle2" component="h3" noWrap title={test.name}>
            {test.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap title={device}>
            {device}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap title={test.businessName}>
            {test.businessName}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            {formatDateTime(test.date)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
