/**
 * The building blocks of Home: a figure card (one number that opens its list), a section card
 * (a title, a link to its list, a chart or rows), status rows (each a link to its filtered list)
 * and an empty state that says why there is nothing yet. All light: no chart library here.
 */
import type { ComponentType, ReactNode } from "react";
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
  type SvgIconProps,
} from "@mui/material";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import { Link } from "react-router-dom";
import { statusTone, type StatusTone } from "../../resources/shared/status";

const number = (value: number) => value.toLocaleString("en-US");

interface FigureCardProps {
  label: string;
  value: number | string;
  caption?: ReactNode;
  to: string;
  icon: ComponentType<SvgIconProps>;
}

/**
 * One figure, big, with what it counts; the whole card opens the list behind it. The link is named
 * by what it shows ("Accounts 304 29 past due"): an aria-label of its own left out the caption a
 * person reads on it (label in name, WCAG 2.5.3).
 */
export function FigureCard({ label, value, caption, to, icon: Icon }: FigureCardProps) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea component={Link} to={to} sx={{ height: "100%" }}>
        <CardContent sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
          <Box
            sx={{
              display: "flex",
              p: 1,
              borderRadius: 2,
              bgcolor: "primary.main",
              color: "primary.contrastText",
              opacity: 0.9,
            }}
          >
            <Icon fontSize="small" />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" component="p">
              {label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }} data-testid="figure-value">
              {typeof value === "number" ? number(value) : value}
            </Typography>
            {caption && (
              <Typography variant="caption" color="text.secondary" component="p">
                {caption}
              </Typography>
            )}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

interface SectionCardProps {
  title: string;
  subtitle?: string;
  /** The list behind the whole section. */
  link?: { to: string; label: string };
  /** Its content grows with the card (a chart beside a taller card). */
  fill?: boolean;
  children: ReactNode;
}

/** A titled card holding a chart or rows, with a link to the list behind it. */
export function SectionCard({ title, subtitle, link, fill = false, children }: SectionCardProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      // No height of its own: a row of cards stretches it to its tallest neighbour, and a card alone
      // (a user's latest tests) ends with its content.
      sx={{ minWidth: 0, ...(fill && { display: "flex", flexDirection: "column" }) }}
    >
      <CardContent sx={fill ? { flex: 1, display: "flex", flexDirection: "column" } : undefined}>
        <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={1} sx={{ mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          {link && (
            <Button
              component={Link}
              to={link.to}
              size="small"
              endIcon={<ArrowForwardIcon />}
              sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
            >
              {link.label}
            </Button>
          )}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

const TONE_COLOR: Record<StatusTone, string> = {
  success: "success.main",
  warning: "warning.main",
  error: "error.main",
  info: "info.main",
  default: "grey.500",
};

export interface StatusRow {
  key: string;
  label: string;
  count: number;
  to: string;
  /** A colour of its own (a stone type's); else its status's tone. */
  color?: string;
  /** Shown after the count (a currency's amount collected). */
  detail?: ReactNode;
}

/** Rows of label and count, each a link to the list filtered to it (named by what it shows), with its colour's dot. */
export function StatusRows({ rows, label }: { rows: StatusRow[]; label: string }) {
  return (
    <List dense disablePadding aria-label={label}>
      {rows.map((row) => (
        // A <ul> holds <li>s: each link in its own list item.
        <ListItem key={row.key} disablePadding>
          <ListItemButton component={Link} to={row.to} sx={{ borderRadius: 1, px: 1 }}>
            <Box
              component="span"
              sx={{
                width: 10,
                height: 10,
                borderRadius: "50%",
                flexShrink: 0,
                mr: 1.5,
                bgcolor: row.color ?? TONE_COLOR[statusTone(row.key)],
              }}
            />
            <ListItemText primary={row.label} secondary={row.detail} sx={{ my: 0.25 }} />
            <Typography sx={{ fontVariantNumeric: "tabular-nums", fontWeight: 600, ml: 2 }}>
              {number(row.count)}
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** Nothing to show yet, said plainly, with what makes it appear. */
export function EmptyFigure({
  icon: Icon,
  title,
  hint,
  action,
}: {
  icon: ComponentType<SvgIconProps>;
  title: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <Stack
      alignItems="center"
      spacing={1}
      sx={{ py: 5, px: 2, color: "text.secondary", textAlign: "center" }}
      data-testid="dashboard-empty"
    >
      <Icon sx={{ fontSize: 44, color: "text.disabled" }} />
      <Typography variant="subtitle1" component="p" sx={{ color: "text.primary" }}>
        {title}
      </Typography>
      <Typography variant="body2">{hint}</Typography>
      {action}
    </Stack>
  );
}
