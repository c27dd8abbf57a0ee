import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import CheckIcon from "@mui/icons-material/Check";
import SelectedIcon from "@mui/icons-material/CheckCircle";
import { alpha } from "@mui/material/styles";
import { useInput, useTranslate } from "react-admin";
import { priceOf, type Plan, type PlanId } from "../../api/plans";
import type { PlanInterval } from "../../api/resources";
import { formatMoney } from "../../resources/shared/money";

const TOGGLE = { px: 2, textTransform: "none" } as const;

/** Monthly or yearly, as a react-admin input (`interval`). */
export function IntervalInput() {
  const translate = useTranslate();
  const { field } = useInput<PlanInterval>({ source: "interval" });
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={field.value}
        onChange={(_event, value: PlanInterval | null) => value && field.onChange(value)}
        aria-label={translate("subscription.start.billing")}
      >
        <ToggleButton value="month" sx={TOGGLE}>
          {translate("subscription.start.month")}
        </ToggleButton>
        <ToggleButton value="year" sx={TOGGLE}>
          {translate("subscription.start.year")}
        </ToggleButton>
      </ToggleButtonGroup>
      <Chip size="small" color="success" variant="outlined" label={translate("subscription.start.yearSaving")} />
    </Stack>
  );
}

/** The plans as selectable cards, a react-admin input (`plan`): a radio group to assistive technology. */
export function PlanInput({ plans, interval }: { plans: Plan[]; interval: PlanInterval }) {
  const translate = useTranslate();
  const { field } = useInput<PlanId>({ source: "plan" });
  const per = translate(interval === "year" ? "subscription.start.perYear" : "subscription.start.perMonth");
  return (
    <Box
      role="radiogroup"
      aria-label={translate("subscription.start.plans")}
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" }, mb: 3 }}
    >
      {plans.map((plan) => {
        const selected = field.value === plan.id;
        return (
          <Card
            key={plan.id}
            variant="outlined"
            sx={{
              borderWidth: 2,
              borderColor: selected ? "primary.main" : "divider",
              bgcolor: (theme) => (selected ? alpha(theme.palette.primary.main, 0.06) : theme.palette.background.paper),
              transition: "border-color 120ms, background-color 120ms",
            }}
          >
            {/* Named by what the card shows, its plan's name first ("Starter £49.00 per month …"): an
                aria-label of the name alone left out the price and features read on it (label in
                name, WCAG 2.5.3, which the journeys' audit checks). */}
            <CardActionArea
              role="radio"
              aria-checked={selected}
              onClick={() => field.onChange(plan.id)}
              sx={{ height: "100%", alignItems: "stretch" }}
            >
              <CardContent sx={{ height: "100%" }}>
                <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1, minHeight: 28 }}>
                  <Typography variant="h6" component="h3">
                    {plan.name}
                  </Typography>
                  {selected && <SelectedIcon color="primary" titleAccess={translate("subscription.start.selected")} />}
                </Stack>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                  {formatMoney(priceOf(plan, interval), plan.currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {per}
                </Typography>
                <Typography variant="body2" sx={{ mb: 1.5 }}>
                  {plan.description}
                </Typography>
                <Stack component="ul" spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
                  {plan.features.map((feature) => (
                    <Stack component="li" key={feature} direction="row" spacing={1} alignItems="flex-start">
                      <CheckIcon fontSize="small" color="success" sx={{ mt: "2px" }} />
                      <Typography variant="body2">{feature}</Typography>
                    </Stack>
                  ))}
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
